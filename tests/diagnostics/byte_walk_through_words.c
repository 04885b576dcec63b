// A byte pointer stepping through the bytes of an int array, a loop opt leaves as a pointer walk (TACLe's
// lift): its phi joins byte 0 and byte 1 of one element. Refused; the message said "different fields of
// a struct" for an array of ints.
// expect: 11:8: different bytes of the elements of 'words' && walking its words
int words[10];

int top(int n) {
  unsigned char *p = (unsigned char *)&words[0];
  char mask = (char)n;
  for (unsigned i = 0; i < sizeof(words); ++i, ++p)
    *p ^= mask;
  return words[3] + words[n & 7];
}
