// lwc_cipher_core_ports.vh — the CipherCore port list of the LWC frame (docs.md, "CipherCore port
// list"; the same ports as cryptohls/lwc/boundary.py's cipher_core_ports), written once for every
// hand-written core. A core includes it as its whole port list, with its own CCW parameter:
//
//     module my_cipher_core #(parameter integer CCW = 32) (
//     `include "lwc_cipher_core_ports.vh"
//     );
//
// The tools find it through the -I of the variant's source folders (cryptohls/lwc/verilog_includes.py):
// every LWC variant lists ../lwc-frame/rtl/*.v.
    input  wire                       clk_i,
    input  wire                       rst_i,
    // key (CCSW = 32)
    input  wire [31:0]                key,
    input  wire                       key_valid,
    output wire                       key_ready,
    // block data in
    input  wire [CCW-1:0]             bdi,
    input  wire                       bdi_valid,
    output wire                       bdi_ready,
    input  wire                       bdi_eot,
    input  wire                       decrypt_in,
    /* verilator lint_off UNUSEDSIGNAL */
    // Inputs a core may ignore: the frame raises key_update with every key word (the words say
    // enough); the message structure of an AEAD is fixed (NPUB, AD, PT/CT, TAG), so the type and EOI
    // of a word can go unread; the valid bytes, the pad location and the size say the same thing
    // three ways (the frame zeroes the bytes past a segment's end); hash_in is for ciphers with a hash.
    input  wire                       key_update,
    input  wire [3:0]                 bdi_type,
    input  wire                       bdi_eoi,
    input  wire                       hash_in,
    input  wire [$clog2(CCW/8+1)-1:0] bdi_size,
    input  wire [CCW/8-1:0]           bdi_valid_bytes,
    input  wire [CCW/8-1:0]           bdi_pad_loc,
    /* verilator lint_on UNUSEDSIGNAL */
    // block data out
    output wire [CCW-1:0]             bdo,
    output wire                       bdo_valid,
    input  wire                       bdo_ready,
    output wire [3:0]                 bdo_type,
    output wire [CCW/8-1:0]           bdo_valid_bytes,
    output wire                       end_of_block,
    // tag verification (DEC)
    output wire                       msg_auth_valid,
    input  wire                       msg_auth_ready,
    output wire                       msg_auth
