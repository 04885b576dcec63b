// hls::stream in C simulation: FIFO order, empty(), size(), operators; a read of an empty stream aborts.
#include <ap_int.h>
#include <hls_stream.h>
#include <stdio.h>

static void producer(hls::stream<ap_uint<12> >& s, int n) {
  for (int i = 0; i < n; i++) s << ap_uint<12>(i * 100);
}

static unsigned consumer(hls::stream<ap_uint<12> >& s) {
  unsigned total = 0;
  while (!s.empty()) {
    ap_uint<12> v;
    s >> v;
    total = total * 7 + v.to_uint();
  }
  return total;
}

int main(int argc, char** argv) {
  hls::stream<ap_uint<12> > s("s");
  producer(s, 50);  // 49*100 = 4900 wraps at 12 bits
  printf("size %zu\n", s.size());
  printf("full %d\n", (int)s.full());
  printf("total %u\n", consumer(s));
  hls::stream<int> t;
  t.write(5);
  int x = 0;
  printf("read_nb %d %d\n", (int)t.read_nb(x), x);
  printf("read_nb_empty %d\n", (int)t.read_nb(x));
  if (argc > 1) t.read();  // empty: must abort
  return 0;
}
