// lwc_core_functions.vh — byte helpers of the hand-written CipherCores (big-endian bus order: byte 0
// of a word in [31:24], of a block in [127:120]), written once: `include "lwc_core_functions.vh"
// in a core's body (the tools' -I: designs/lwc-frame/docs.md, "CipherCore port list").

    // the bytes of a bus word in the other order (little-endian lane of a cipher state)
    function [31:0] bswap32(input [31:0] a);
        bswap32 = {a[7:0], a[15:8], a[23:16], a[31:24]};
    endfunction
    // a word's mask from its valid byte lanes (bdi_valid_bytes: bit 3 = bits [31:24])
    function [31:0] word_mask(input [3:0] lanes);
        word_mask = {{8{lanes[3]}}, {8{lanes[2]}}, {8{lanes[1]}}, {8{lanes[0]}}};
    endfunction
    // the top n bytes of a block (n = 0 ... 16)
    function [127:0] byte_mask(input [4:0] n);
        byte_mask = ~({128{1'b1}} >> {n, 3'b000});
    endfunction
    // 10* padding of an n-byte partial block (n = 0 ... 15, bytes past n already zero)
    function [127:0] pad10(input [127:0] x, input [4:0] n);
        pad10 = x | ({8'h80, 120'd0} >> {n, 3'b000});
    endfunction
    // ozp: pad10 of a partial block, a whole one (n = 16) as is
    function [127:0] ozp(input [127:0] x, input [4:0] n);
        ozp = (n == 5'd16) ? x : pad10(x, n);
    endfunction
