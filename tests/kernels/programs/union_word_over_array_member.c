/* A union whose first member is a byte: clang types it { i8, [3 x i8] }, and a 32-bit access to it
 * covers that array member's three elements. Written as a word, then hashed (a CRC-32 over a table
 * computed at run time, so that the reads are not folded into the write). Reduced from Csmith subset
 * seed 1671, which the import miscompiled: it took bytes 2 and 3 of the word for padding, so they were
 * never written and read as 0 (u.w read back as 0x0000FFFD instead of -3). */
#include <stdint.h>

union U { uint8_t b; int16_t h; int32_t w; };

static union U u = {0xDC};
static uint32_t table[256];
static uint32_t crc = 0xFFFFFFFFu;
uint32_t result;

static void make_table(void) {
    for (int i = 0; i < 256; i++) {
        uint32_t c = (uint32_t)i;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
        table[i] = c;
    }
}

static void hash_byte(uint8_t b) { crc = ((crc >> 8) & 0x00FFFFFFu) ^ table[(crc ^ b) & 0xFF]; }

static void hash_word(uint64_t v) {
    hash_byte(v & 0xFF);         hash_byte((v >> 8) & 0xFF);  hash_byte((v >> 16) & 0xFF); hash_byte((v >> 24) & 0xFF);
    hash_byte((v >> 32) & 0xFF); hash_byte((v >> 40) & 0xFF); hash_byte((v >> 48) & 0xFF); hash_byte((v >> 56) & 0xFF);
}

static uint32_t run(void) {
    make_table();
    u.w = -3;
    hash_word(u.w);
    hash_word(u.w);
    hash_word(u.w);
    return crc ^ 0xFFFFFFFFu;
}

int main(void) {
    result = run();
    return 0;
}
