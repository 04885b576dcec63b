/* Calls through constant function pointers: NORX's reference code clears its state with
   `static void *(*const volatile burn)(void *, int, size_t) = memset;` (volatile so that a software
   compiler keeps the clear), and a const pointer to a function of the program. A const object keeps
   its initial value, so each call goes to that function. They were refused before ("call through a
   function pointer is not supported"); the calls are now direct (frontend/const_calls.py), memset
   called as a function gets a body of the compiler's own (frontend/libc_bodies.py). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

static void *(*const volatile burn)(void *, int, size_t) = memset;

static uint32_t mix(uint32_t x) { return (x ^ (x >> 7)) * 0x9E3779B1u; }
static uint32_t (*const step)(uint32_t) = mix;

volatile unsigned keep = 5;
uint32_t state[8];
uint8_t block[12];
uint32_t digest;

int main(void) {
  for (int i = 0; i < 8; i++)
    state[i] = step((uint32_t)i + 1);
  for (int i = 0; i < 12; i++)
    block[i] = (uint8_t)(0xC0 + i);
  for (int i = 0; i < 8; i++)
    digest = digest * 31 + state[i];
  burn(state + 2, 0, 4 * sizeof state[0]);   /* a constant length */
  burn(block + keep, 0xAB, keep);            /* a length known only at run time */
  return burn(block, 0, 0) != block;
}
