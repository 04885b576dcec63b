/* A pragma outside every function is still an error (line 3). */
unsigned at_file_scope(unsigned a) { return a + 1; }
#pragma HLS INLINE
