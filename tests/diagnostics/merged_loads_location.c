// A tree walked through child pointers read from its nodes (TACLe's huff_dec): opt merges the two
// child loads of the if/else into one instruction whose debug line is 0, and the refusal said FILE:0:0.
// expect: 21:15: does not select a whole field
typedef struct node { unsigned byte; struct node *left, *right; } node;
unsigned bits[4] = {1, 0, 1, 1};
unsigned pos;

static node *build(node heap[8]) {
  for (int i = 0; i < 7; i++) {
    heap[i].byte = i < 3 ? 257 : i;
    heap[i].left = &heap[2 * i + 1 < 7 ? 2 * i + 1 : 6];
    heap[i].right = &heap[2 * i + 2 < 7 ? 2 * i + 2 : 6];
  }
  return &heap[0];
}

int top(void) {
  node heap[8];
  node *root = build(heap);
  node *cur = root;
  while (cur->byte == 257)
    if (bits[pos++ & 3])
      cur = cur->left;
    else
      cur = cur->right;
  return (int)cur->byte;
}
