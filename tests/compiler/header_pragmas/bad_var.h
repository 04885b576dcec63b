static unsigned twice(unsigned x) {
    unsigned buf[2];
#pragma HLS ARRAY_PARTITION variable=bfu complete
    buf[0] = x; buf[1] = x;
    return buf[0] + buf[1];
}
