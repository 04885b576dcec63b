`default_nettype none
// aes128_ctr_io_sdi — secret-input (key) processor of the AES-128-CTR module with LWC I/O.
// Reads one LDKEY command from sdi (instruction 0x40000000, a KEY segment header of type 1100 with
// length 16, four key words) into a load register, then holds it until the public-input processor
// activates it (ACTKEY handshake act_valid_i/act_ready_o). Activation copies the loaded key into
// the active key register that feeds the CTR core and clears the load register.
// A malformed LDKEY (wrong header type, Partial or reserved bits set, length other than 16, or a
// new LDKEY word where the header is expected) yields a *bad* load: activating it clears the active
// key and key_ok_o, so the next ENC/DEC ends in FAILURE. Words other than LDKEY where an
// instruction is expected are discarded (sdi has no output of its own).

module aes128_ctr_io_sdi (
    input  wire         clk_i,
    input  wire         rst_i,
    input  wire [31:0]  sdi_data_i,
    input  wire         sdi_valid_i,
    output wire         sdi_ready_o,
    input  wire         act_valid_i,
    output wire         act_ready_o,
    output wire [127:0] key_o,
    output wire         key_ok_o
);
    localparam [31:0] INS_LDKEY = 32'h4000_0000;
    localparam [3:0]  SEG_KEY   = 4'hC;
    localparam [15:0] KEY_BYTES = 16'd16;

    localparam [1:0] S_IDLE = 2'd0;  // waiting for LDKEY
    localparam [1:0] S_HDR  = 2'd1;  // waiting for the KEY segment header
    localparam [1:0] S_DAT  = 2'd2;  // reading four key words
    localparam [1:0] S_HOLD = 2'd3;  // load complete (good or bad), waiting for ACTKEY

    reg [1:0]   state_q, state_d;
    reg [1:0]   cnt_q, cnt_d;
    reg [127:0] load_q, load_d;
    reg         load_ok_q, load_ok_d;
    reg [127:0] key_q, key_d;
    reg         key_ok_q, key_ok_d;

    wire is_ldkey = (sdi_data_i == INS_LDKEY);
    wire hdr_ok   = (sdi_data_i[31:28] == SEG_KEY) && !sdi_data_i[27] &&
                    (sdi_data_i[23:16] == 8'h00) && (sdi_data_i[15:0] == KEY_BYTES);

    // Handshake outputs as continuous assignments (see aes128_ctr_io_pdi). In S_HDR a new LDKEY
    // word means the previous command was truncated: it is left on sdi for S_IDLE.
    assign sdi_ready_o = (state_q == S_IDLE) || (state_q == S_DAT) || (state_q == S_HDR && !is_ldkey);
    assign act_ready_o = (state_q == S_HOLD);
    assign key_o    = key_q;
    assign key_ok_o = key_ok_q;

    always @* begin : next_state
        state_d     = state_q;
        cnt_d       = cnt_q;
        load_d      = load_q;
        load_ok_d   = load_ok_q;
        key_d       = key_q;
        key_ok_d    = key_ok_q;
        case (state_q)
            S_IDLE: begin
                if (sdi_valid_i && is_ldkey) state_d = S_HDR;
            end
            S_HDR: begin
                if (sdi_valid_i) begin
                    if (!is_ldkey && hdr_ok) begin
                        cnt_d   = 2'd0;
                        state_d = S_DAT;
                    end else begin
                        load_ok_d = 1'b0;
                        state_d   = S_HOLD;
                    end
                end
            end
            S_DAT: begin
                if (sdi_valid_i) begin
                    load_d = {load_q[95:0], sdi_data_i};
                    cnt_d  = cnt_q + 2'd1;
                    if (cnt_q == 2'd3) begin
                        load_ok_d = 1'b1;
                        state_d   = S_HOLD;
                    end
                end
            end
            S_HOLD: begin
                if (act_valid_i) begin
                    key_d     = load_ok_q ? load_q : 128'd0;
                    key_ok_d  = load_ok_q;
                    load_d    = 128'd0;  // the key lives in one register only
                    load_ok_d = 1'b0;
                    state_d   = S_IDLE;
                end
            end
            default: state_d = S_IDLE;
        endcase
    end

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            state_q   <= S_IDLE;
            cnt_q     <= 2'd0;
            load_q    <= 128'd0;
            load_ok_q <= 1'b0;
            key_q     <= 128'd0;
            key_ok_q  <= 1'b0;
        end else begin
            state_q   <= state_d;
            cnt_q     <= cnt_d;
            load_q    <= load_d;
            load_ok_q <= load_ok_d;
            key_q     <= key_d;
            key_ok_q  <= key_ok_d;
        end
    end
endmodule

`default_nettype wire
