/* tb_hls_util.h — small helpers shared by the C++ testbenches of the `hls` variants:
 * hex <-> ap_uint<128>, a vector-file reader for `KEY PT CT` lines, mismatch printing. */
#ifndef TB_HLS_UTIL_H
#define TB_HLS_UTIL_H

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "ap_int.h"

/* Parses exactly 32 hex digits (FIPS-197 byte 0 first) into bits [127:0]; false if malformed. */
static inline bool tb_parse128(const char *text, ap_uint<128> &value) {
  if (std::strlen(text) != 32) return false;
  ap_uint<128> v = 0;
  for (int i = 0; i < 32; i++) {
    char c = text[i];
    int d = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10
          : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
    if (d < 0) return false;
    v = (v << 4) | ap_uint<128>(d);
  }
  value = v;
  return true;
}

static inline ap_uint<128> tb_hex128(const char *text) {
  ap_uint<128> v;
  if (!tb_parse128(text, v)) {
    std::fprintf(stderr, "testbench bug: bad hex constant %s\n", text);
    std::exit(3);
  }
  return v;
}

static inline std::string tb_str128(const ap_uint<128> &v) {
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", (unsigned long long)v.range(127, 64).to_uint64(),
                (unsigned long long)v.range(63, 0).to_uint64());
  return std::string(buf);
}

/* Directory of a source file path (with the trailing '/'), for files kept beside a testbench. */
static inline std::string tb_dir_of(const char *path) {
  std::string p(path);
  std::size_t slash = p.rfind('/');
  return slash == std::string::npos ? std::string() : p.substr(0, slash + 1);
}

#endif /* TB_HLS_UTIL_H */
