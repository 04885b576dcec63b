// Sizes for header_size.c: a #define in a local header (issue 17).
#define WORDS 4
#define HALF 2
#define BYTES (2 * HALF * WORDS)
