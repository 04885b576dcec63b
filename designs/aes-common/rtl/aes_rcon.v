// aes_rcon: the key-schedule round constant Rcon[round] for AES-128 rounds 1..10 (0 otherwise).
`default_nettype none

module aes_rcon (
  input  wire [3:0] round_i,
  output reg  [7:0] rcon_o
);

  always @* begin : lookup
    case (round_i)
      4'd1:    rcon_o = 8'h01;
      4'd2:    rcon_o = 8'h02;
      4'd3:    rcon_o = 8'h04;
      4'd4:    rcon_o = 8'h08;
      4'd5:    rcon_o = 8'h10;
      4'd6:    rcon_o = 8'h20;
      4'd7:    rcon_o = 8'h40;
      4'd8:    rcon_o = 8'h80;
      4'd9:    rcon_o = 8'h1b;
      4'd10:   rcon_o = 8'h36;
      default: rcon_o = 8'h00;
    endcase
  end

endmodule

`default_nettype wire
