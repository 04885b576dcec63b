/* Memory-mapped registers of the co-design system (rtl/codesign_mmio.v) for the firmware. */
#ifndef AES_CODESIGN_CODESIGN_H
#define AES_CODESIGN_CODESIGN_H
#include <stdint.h>

#define CODESIGN_REG(off) (*(volatile uint32_t *)(0x10000000u + (off)))
#define CODESIGN_CYCLE    CODESIGN_REG(0x000)  /* R: cycles since reset */
#define CODESIGN_END      CODESIGN_REG(0x004)  /* W: end of run, value = end code */
#define CODESIGN_CPUWAIT  CODESIGN_REG(0x008)  /* R: cycles a CPU access waited for an accelerator */
#define CODESIGN_RESULT(i) CODESIGN_REG(0x010 + 4 * (i))  /* RW: words reported to the testbench */

#endif
