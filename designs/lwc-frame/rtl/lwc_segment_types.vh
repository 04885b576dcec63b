// lwc_segment_types.vh — the segment type codes of bdi_type / bdo_type (docs.md, "CipherCore port
// list"; DESIGN.md §6), for a CipherCore's body: `include "lwc_segment_types.vh" after its port list.
// A core uses some of them (no waiver needed for the others).
    /* verilator lint_off UNUSEDPARAM */
    localparam [3:0] T_AD   = 4'b0001;
    localparam [3:0] T_PT   = 4'b0100;
    localparam [3:0] T_CT   = 4'b0101;
    localparam [3:0] T_HASH = 4'b0111;   // HASH_MSG
    localparam [3:0] T_TAG  = 4'b1000;
    localparam [3:0] T_HVAL = 4'b1001;   // HASH_VALUE
    localparam [3:0] T_NPUB = 4'b1101;
    /* verilator lint_on UNUSEDPARAM */
