/* C++ testbench of aes.cpp through its 17-byte top (csim and cosim run it unchanged).
 *
 *   tb_aes_oop                 FIPS-197 C.1 and Appendix B (encrypt and decrypt), then every
 *                              `KEY PT CT` line of designs/aes128-ecb-enc/hls/vectors.txt (1000
 *                              golden-model vectors): change the key, encrypt, decrypt back, and
 *                              two blocks under one key; an unknown operation leaves out unchanged
 *   tb_aes_oop key|enc|dec N   N calls of one operation only, so that cosim's cycles_min and
 *                              cycles_max are that operation's cycles:
 *                              key: N key changes (FIPS-197 C.1 key; out must stay unwritten);
 *                              enc/dec: N chained encryptions/decryptions of the zero block under
 *                              the key the constructors expand (all zero), checked at the end
 *
 * The expected values come from /work/shared/vectors/aes-vectors.json (fips197_appendix_c,
 * fips197_appendix_b_used_by_chstone_aes) and, for the zero key, from the project's golden model
 * (tests/test_aes128_oop.py recomputes them with pycryptodome). Returns 0 only when all match.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes.h"

static int parse_hex16(const char *text, uint8_t bytes[16]) {
    if (strlen(text) != 32) return 0;
    for (int i = 0; i < 16; i++) {
        unsigned value;
        if (sscanf(text + 2 * i, "%2x", &value) != 1) return 0;
        bytes[i] = (uint8_t)value;
    }
    return 1;
}

static void hex16(const char *text, uint8_t bytes[16]) {
    if (!parse_hex16(text, bytes)) {
        fprintf(stderr, "bad hex constant %s\n", text);
        exit(1);
    }
}

static void print_hex(const char *label, const uint8_t bytes[16]) {
    fprintf(stderr, "  %s ", label);
    for (int i = 0; i < 16; i++) fprintf(stderr, "%02x", bytes[i]);
    fprintf(stderr, "\n");
}

/* One call of the top: out starts as 0xee bytes so that a missing write shows. */
static void call(uint8_t op, const uint8_t data[16], uint8_t out[16]) {
    uint8_t in[17];
    in[0] = op;
    memcpy(&in[1], data, 16);
    memset(out, 0xee, 16);
    aes_top(in, out);
}

static int same(const char *name, const uint8_t got[16], const uint8_t expected[16]) {
    if (memcmp(got, expected, 16) == 0) return 1;
    fprintf(stderr, "MISMATCH %s\n", name);
    print_hex("expected", expected);
    print_hex("got     ", got);
    return 0;
}

/* changeKey(key), then encrypt(pt) == ct and decrypt(ct) == pt. */
static int check(const char *name, const uint8_t key[16], const uint8_t pt[16], const uint8_t ct[16]) {
    uint8_t out[16];
    call(AES_OP_CHANGE_KEY, key, out);
    call(AES_OP_ENCRYPT, pt, out);
    int ok = same(name, out, ct);
    call(AES_OP_DECRYPT, ct, out);
    ok &= same(name, out, pt);
    if (!ok) print_hex("key     ", key);
    return ok;
}

static int check_hex(const char *name, const char *key, const char *pt, const char *ct) {
    uint8_t k[16], p[16], c[16];
    hex16(key, k);
    hex16(pt, p);
    hex16(ct, c);
    return check(name, k, p, c);
}

static const char *vector_path(char *buffer, size_t size) {
    const char *env = getenv("AES_VECTORS");
    if (env && *env) return env;
    const char *here = __FILE__;
    const char *slash = strrchr(here, '/');
    size_t dir_len = slash ? (size_t)(slash - here + 1) : 0;
    snprintf(buffer, size, "%.*s../../aes128-ecb-enc/hls/vectors.txt", (int)dir_len, here);
    return buffer;
}

static int all_vectors(void) {
    int failures = 0;
    failures += !check_hex("FIPS-197 C.1", "000102030405060708090a0b0c0d0e0f",
                           "00112233445566778899aabbccddeeff", "69c4e0d86a7b0430d8cdb78070b4c55a");
    failures += !check_hex("FIPS-197 B", "2b7e151628aed2a6abf7158809cf4f3c",
                           "3243f6a8885a308d313198a2e0370734", "3925841d02dc09fbdc118597196a0b32");
    /* the key stays: C.1's key again, two blocks, then an unknown operation writes nothing */
    uint8_t k[16], p[16], c[16], out[16], marker[16];
    hex16("000102030405060708090a0b0c0d0e0f", k);
    call(AES_OP_CHANGE_KEY, k, out);
    hex16("3243f6a8885a308d313198a2e0370734", p);   /* any block: its own inverse checks it */
    call(AES_OP_ENCRYPT, p, c);
    hex16("00112233445566778899aabbccddeeff", p);
    call(AES_OP_ENCRYPT, p, out);
    hex16("69c4e0d86a7b0430d8cdb78070b4c55a", marker);
    failures += !same("second block under one key", out, marker);
    uint8_t in[17];
    in[0] = 7;
    memcpy(&in[1], p, 16);
    memset(out, 0x5a, 16);
    aes_top(in, out);
    memset(marker, 0x5a, 16);
    failures += !same("unknown operation", out, marker);
    call(AES_OP_DECRYPT, c, out);
    hex16("3243f6a8885a308d313198a2e0370734", p);
    failures += !same("decrypt after an unknown operation", out, p);

    char buffer[4096];
    const char *path = vector_path(buffer, sizeof buffer);
    FILE *file = fopen(path, "r");
    if (!file) {
        fprintf(stderr, "cannot open vector file %s\n", path);
        return 1;
    }
    char key[80], pt[80], ct[80];
    int count = 0;
    while (fscanf(file, "%79s %79s %79s", key, pt, ct) == 3) {
        char name[64];
        snprintf(name, sizeof name, "vectors.txt line %d", count + 1);
        if (!parse_hex16(key, k) || !parse_hex16(pt, p) || !parse_hex16(ct, c)) {
            fprintf(stderr, "malformed line %d in %s\n", count + 1, path);
            fclose(file);
            return 1;
        }
        failures += !check(name, k, p, c);
        count++;
    }
    fclose(file);
    if (count < 1000) {
        fprintf(stderr, "only %d vectors in %s (need 1000)\n", count, path);
        return 1;
    }
    if (failures) {
        fprintf(stderr, "FAIL: %d of %d checks\n", failures, count + 5);
        return 1;
    }
    printf("PASS: %d vectors, encrypt and decrypt\n", count + 2);
    return 0;
}

/* N calls of one operation (cycle measurement in cosim). */
static int one_operation(const char *op, int n) {
    uint8_t block[16], out[16], expected[16];
    memset(block, 0, 16);
    if (strcmp(op, "key") == 0) {
        hex16("000102030405060708090a0b0c0d0e0f", block);
        memset(expected, 0xee, 16);
        for (int i = 0; i < n; i++) {
            call(AES_OP_CHANGE_KEY, block, out);
            if (!same("a key change leaves out as it is", out, expected)) return 1;
        }
        printf("PASS: %d x key\n", n);
        return 0;
    }
    int encrypt = strcmp(op, "enc") == 0;
    if (!encrypt && strcmp(op, "dec") != 0) {
        fprintf(stderr, "unknown mode %s (key, enc or dec)\n", op);
        return 1;
    }
    for (int i = 0; i < n; i++) {
        call(encrypt ? AES_OP_ENCRYPT : AES_OP_DECRYPT, block, out);
        memcpy(block, out, 16);
    }
    /* the zero block encrypted (decrypted) 1 and 16 times under the zero key */
    if (n == 1) hex16(encrypt ? "66e94bd4ef8a2c3b884cfa59ca342b2e" : "140f0f1011b5223d79587717ffd9ec3a", expected);
    else if (n == 16) hex16(encrypt ? "3d9cbdd2343af3bd8938fcd40047b92f" : "b315fffda24d599a328c512cad97a43d", expected);
    else {
        fprintf(stderr, "N must be 1 or 16\n");
        return 1;
    }
    if (!same(op, block, expected)) return 1;
    printf("PASS: %d x %s\n", n, op);
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1) return one_operation(argv[1], argc > 2 ? atoi(argv[2]) : 16);
    return all_vectors();
}
