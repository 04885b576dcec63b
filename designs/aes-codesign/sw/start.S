/* Start-up of the co-design firmware (freestanding, no libc): stack at the top of the on-chip RAM,
 * .bss cleared, main() called, its return value written to the END register (0x1000_0004). */
    .section .text.start, "ax"
    .globl _start
_start:
    la      sp, __stack_top
    la      t0, __bss_start
    la      t1, __bss_end
1:  bgeu    t0, t1, 2f
    sw      zero, 0(t0)
    addi    t0, t0, 4
    j       1b
2:  call    main
    li      t0, 0x10000004
    sw      a0, 0(t0)
3:  j       3b
