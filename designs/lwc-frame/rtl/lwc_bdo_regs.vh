// lwc_bdo_regs.vh — the bdo registers of a hand-written CipherCore whose clocked block loads them itself,
// with non-blocking assignments in its FSM (acorn128v2_core, ketjesrv1_core, morus1280128v1_core,
// norx3241v2_core, aegis128l_core, tiaoxin346_core), written once: `include "lwc_bdo_regs.vh" in the
// core's body (designs/lwc-frame/docs.md, "Shared units of the hand-written cores"). The word, its
// valid flag, type and valid bytes on the core's bdo ports, and bdo_free (no word held, or the frame
// takes the one held this cycle). In its clocked block the core resets the four registers, clears
// bdo_valid_q when the frame takes the word (bdo_valid_q && bdo_ready), and loads a word (bdo_q,
// bdo_valid_q <= 1, bdo_type_q, bdo_vb_q) only when bdo_free. The core declares CCW (bdo bits) and
// assigns end_of_block itself (bdo_valid_q, or a register of its own where a block is several words).
    reg [CCW-1:0]   bdo_q;
    reg             bdo_valid_q;
    reg [3:0]       bdo_type_q;
    reg [CCW/8-1:0] bdo_vb_q;
    wire            bdo_free = !bdo_valid_q || bdo_ready;

    assign bdo             = bdo_q;
    assign bdo_valid       = bdo_valid_q;
    assign bdo_type        = bdo_type_q;
    assign bdo_valid_bytes = bdo_vb_q;
