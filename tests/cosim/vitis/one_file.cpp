// A design and its test bench in one file, as Vitis projects often keep them (issue 32 item 11): the
// top is compiled, main is the test bench. <iostream> with prints under #ifndef __SYNTHESIS__, a string
// constant, hls_math.h, a helper and a global both halves use, and OpenSSL in the test bench
// (linked with --ldflags=-lcrypto).
#include <ap_int.h>
#include <hls_math.h>
#include <openssl/sha.h>

#include <iostream>

int mix_helper(int x) { return x * 5 + 1; }   // not static: the design and main both call it
int calls_seen = 0;                            // a global of the test bench

void one_file(const ap_uint<32> in[8], ap_uint<32>& out) {
  ap_uint<32> acc = ap_uint<32>("0x9e3779b9");
  for (int i = 0; i < 8; i++) acc = ((acc << 5) | (acc >> 27)) ^ in[i] ^ hls::abs(ap_int<8>(i - 4)) ^ mix_helper(i);
#ifndef __SYNTHESIS__
  std::cout << "one_file: " << std::hex << acc << std::dec << std::endl;
#endif
  out = acc;
}

int main() {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>("abc"), 3, digest);
  ap_uint<32> in[8];
  for (int i = 0; i < 8; i++)
    in[i] = (ap_uint<8>(digest[4 * i]), ap_uint<8>(digest[4 * i + 1]), ap_uint<8>(digest[4 * i + 2]),
             ap_uint<8>(digest[4 * i + 3]));
  ap_uint<32> out;
  one_file(in, out);
  calls_seen += mix_helper(0);
  std::cout << "out " << std::hex << out << std::dec << " calls " << calls_seen << std::endl;
  return 0;
}
