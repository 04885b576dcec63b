// Moving a port's value between a Verilated model and 32-bit words (package data of cryptohls,
// src/cryptohls/sim/runtime/cosim_ports.h), for the generated port table of a cosim build
// (sim/cosim_shim.py port_table_source) and the final state of a whole program (sim/program.py).
#ifndef CRYPTOHLS_COSIM_PORTS_H
#define CRYPTOHLS_COSIM_PORTS_H

#include <stdint.h>

#include <type_traits>

template <class P>
static void chls_put(P& port, const uint32_t* w, int width) {
  if constexpr (std::is_integral_v<P>) {
    uint64_t v = w[0];
    if (width > 32) v |= (uint64_t)w[1] << 32;
    if (width < 64) v &= (width == 0 ? 0 : ((uint64_t)1 << width) - 1);
    port = (P)v;
  } else {
    const int n = (width + 31) / 32;
    for (int i = 0; i < n; i++) port[i] = w[i];
    if (width % 32) port[n - 1] &= ((uint32_t)1 << (width % 32)) - 1;
  }
}

template <class P>
static void chls_take(const P& port, uint32_t* w, int width) {
  if constexpr (std::is_integral_v<P>) {
    const uint64_t v = (uint64_t)port;
    w[0] = (uint32_t)v;
    if (width > 32) w[1] = (uint32_t)(v >> 32);
  } else {
    const int n = (width + 31) / 32;
    for (int i = 0; i < n; i++) w[i] = port[i];
  }
}

#endif
