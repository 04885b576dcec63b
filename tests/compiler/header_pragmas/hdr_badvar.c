/* A header pragma naming a variable its function does not have must be reported at the header's line. */
#include "bad_var.h"

unsigned hdr_badvar(unsigned a) {
    return twice(a);
}
