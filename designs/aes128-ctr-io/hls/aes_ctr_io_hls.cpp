/* AES-128-CTR full cryptographic module with the LWC hardware API: the `hls` variant of
 * aes128-ctr-io. The case study's Fig. 3 as one DATAFLOW region of free-running processes
 * (ap_ctrl_none) connected by hls::streams:
 *
 *   pdi --> pdi_processor --core_cmd--> ctr_core --result--> do_processor --> do
 *             |      |                   ^    \--msg_ok-------^
 *             |      +--key_req--> sdi_processor --key--+      ^
 *             +-------------bypass (4 entries)-----------------+
 *   sdi ----------------------------> sdi_processor
 *
 * The protocol subset, the FAILURE rules and the output are those of rtl/ (docs.md of the
 * design, "Errors"); README.md lists where the HLS processes differ in *how* (not in what
 * reaches do). The key travels sdi -> sdi_processor -> ctr_core only: every do word is a bypass
 * entry (public header fields, constants) or a core result word.
 */
#include "aes_ctr_io_hls.h"

static const lwc_word_t INS_ENC = 0x20000000, INS_DEC = 0x30000000, INS_LDKEY = 0x40000000,
                        INS_ACTKEY = 0x70000000, INS_HASH = 0x80000000;
static const lwc_word_t STATUS_OK = 0xE0000000, STATUS_FAIL = 0xF0000000;
static const int SEG_AD = 0x1, SEG_PT = 0x4, SEG_CT = 0x5, SEG_KEY = 0xC, SEG_NPUB = 0xD;

static bool is_run_instruction(lwc_word_t w) { return w == INS_ENC || w == INS_DEC || w == INS_ACTKEY; }
static bool is_instruction(lwc_word_t w) { return is_run_instruction(w) || w == INS_LDKEY || w == INS_HASH; }
/* Partial = 0 and reserved bits [23:16] = 0. */
static bool header_common_ok(lwc_word_t h) { return h[27] == 0 && h.range(23, 16) == 0; }

static bypass_t bypass_entry(int kind, lwc_word_t word) {
  bypass_t e = word;
  e.range(33, 32) = kind;
  return e;
}

/* Four words of a stream, big-endian, as one block (four reads: four cycles). */
static aes_block_t read_block(hls::stream<lwc_word_t> &in) {
  aes_block_t blk;
  blk.range(127, 96) = in.read();
  blk.range(95, 64) = in.read();
  blk.range(63, 32) = in.read();
  blk.range(31, 0) = in.read();
  return blk;
}

/* ---- public-input processor -------------------------------------------------------------
 * One loop iteration handles one pdi instruction (a whole command) or discards one word.
 * hls::stream has no peek: an instruction word that truncates a command is read, kept in
 * `pending` and used as the next iteration's instruction (the RTL leaves it on pdi instead). */
static void pdi_processor(hls::stream<lwc_word_t> &pdi, hls::stream<ap_uint<1>> &key_req,
                          hls::stream<core_cmd_t> &core_cmd, hls::stream<bypass_t> &bypass) {
  bool skip = false;  /* a FAILURE was reported: discard non-instructions until an instruction */
  bool have_pending = false;
  lwc_word_t pending = 0;
COMMANDS:
  HLS_FOREVER(have_pending || !pdi.empty()) {
    lwc_word_t ins = have_pending ? pending : pdi.read();
    have_pending = false;
    if (!is_run_instruction(ins)) {
      if (is_instruction(ins) || !skip) {  /* HASH, LDKEY, unknown opcode, bits [27:0] != 0 */
        bypass.write(bypass_entry(BYP_STATUS, STATUS_FAIL));
        skip = true;
      }
      continue;
    }
    skip = false;
    if (ins == INS_ACTKEY) {  /* the core takes the key after the blocks queued before it */
      key_req.write(1);
      core_cmd.write(core_cmd_t{CMD_KEY, 0});
      continue;
    }
    const bool dec = ins == INS_DEC;
    const int in_type = dec ? SEG_CT : SEG_PT, out_type = dec ? SEG_PT : SEG_CT;
    bool fail = false, done = false;
    /* NPUB: exactly 16 bytes = IV ‖ initial counter. */
    lwc_word_t h = pdi.read();
    if (is_instruction(h)) {
      pending = h; have_pending = true; fail = true;
    } else if (h.range(31, 28) != SEG_NPUB || !header_common_ok(h) || h.range(15, 0) != 16) {
      fail = true;
    } else {
      core_cmd.write(core_cmd_t{CMD_START, read_block(pdi)});
      bypass.write(bypass_entry(BYP_MESSAGE, 0));
      done = h[24] == 1;  /* Last on NPUB: empty message */
    }
  SEGMENTS:
    while (!fail && !done) {
      h = pdi.read();
      const bool last = h[24] == 1;
      const ap_uint<16> len = h.range(15, 0);
      if (is_instruction(h)) {  /* truncated command */
        pending = h; have_pending = true; fail = true;
      } else if (h.range(31, 28) == SEG_AD && header_common_ok(h) && len == 0) {
        done = last;
      } else if (h.range(31, 28) == in_type && header_common_ok(h) && (last || len.range(3, 0) == 0)) {
        lwc_word_t out_h = h;
        out_h.range(31, 28) = out_type;
        bypass.write(bypass_entry(BYP_HEADER, out_h));
        /* Data words packed into blocks, big-endian: whole blocks four reads each (one loop body,
         * 4 cycles a block), then the words of a partial last block, zero-filled. */
        const ap_uint<12> blocks = len >> 4;
        const ap_uint<3> tail = (ap_uint<5>(len.range(3, 0)) + 3) >> 2;
      BLOCKS:
        for (ap_uint<12> b = 0; b < blocks; b++) {
          core_cmd.write(core_cmd_t{CMD_BLOCK, read_block(pdi)});
        }
        if (tail != 0) {
          aes_block_t blk = 0;
        TAIL:
          for (ap_uint<3> j = 0; j < 4; j++) {
            lwc_word_t w = 0;
            if (j < tail) w = pdi.read();
            blk = (blk << 32) | aes_block_t(w);
          }
          core_cmd.write(core_cmd_t{CMD_BLOCK, blk});
        }
        done = last;
      } else {
        fail = true;
      }
    }
    bypass.write(bypass_entry(BYP_STATUS, fail ? STATUS_FAIL : STATUS_OK));
    skip = fail;
  }
}

/* ---- secret-input processor --------------------------------------------------------------
 * Per ACTKEY request: the next LDKEY from sdi (non-LDKEY words before it are discarded), its KEY
 * header (type 1100, Partial 0, reserved 0, length 16) and four key words -> a good key; a bad
 * header or a new LDKEY in its place (kept for the next request) -> a bad (zero) key. */
static void sdi_processor(hls::stream<ap_uint<1>> &key_req, hls::stream<lwc_word_t> &sdi,
                          hls::stream<key_word_t> &key_out) {
  bool have_ldkey = false;  /* an LDKEY word was already read as a truncating header */
REQUESTS:
  HLS_FOREVER(!key_req.empty()) {
    key_req.read();
  FIND_LDKEY:
    while (!have_ldkey) {
      have_ldkey = sdi.read() == INS_LDKEY;
    }
    have_ldkey = false;
    key_word_t k = {0, 0};  /* bad load: clears the active key */
    lwc_word_t h = sdi.read();
    if (h == INS_LDKEY) {
      have_ldkey = true;
    } else if (h.range(31, 28) == SEG_KEY && header_common_ok(h) && h.range(15, 0) == 16) {
      k.ok = 1;
      k.key = read_block(sdi);
    }
    key_out.write(k);
  }
}

/* ---- CTR core ---------------------------------------------------------------------------
 * designs/aes128-ctr/hls/aes_ctr_hls.cpp with the key from the key stream: the same loop, so
 * the same requirement (the next token's read and initial AddRoundKey in the round-10 cycle)
 * gives 10 cycles per block. Blocks of a message without a usable key are encrypted too (with
 * the cleared key) and dropped by the output processor. */
static void ctr_core(hls::stream<core_cmd_t> &core_cmd, hls::stream<key_word_t> &key_in,
                     hls::stream<aes_block_t> &result, hls::stream<ap_uint<1>> &msg_ok) {
  /* static, as aes_ctr_hls.cpp: registers that the loop head reads without a phi, so that the
   * compiler can do the next token's read and AddRoundKey in round 10's cycle (C simulation keeps
   * them between calls of the top, as cosim's free-running module does). The head does not read
   * key_ok: blocks are always encrypted, and dropped by the output processor without a key. */
  static aes_block_t key = 0;
  static bool key_ok = false;  /* no ACTKEY since reset */
  static ap_uint<96> iv = 0;
  static ap_uint<32> counter = 0;
TOKENS:
  HLS_FOREVER(!core_cmd.empty()) {
    core_cmd_t c = core_cmd.read();
    const int kind = c.kind.to_uint();
    if (kind != CMD_BLOCK) {  /* a control token (one branch, as in aes_ctr_hls.cpp) */
      if (kind == CMD_KEY) {
        key_word_t k = key_in.read();
        key = k.key;
        key_ok = k.ok == 1;
      } else if (kind == CMD_START) {
        iv = c.data.range(127, 32);
        counter = c.data.range(31, 0);
        msg_ok.write(key_ok);
      }
    } else {  /* a block; without a usable key (then key = 0) the output processor drops it */
      aes_block_t msg = c.data;
      aes_block_t rk = key;
      aes_block_t s = aes_block_t((iv, counter)) ^ rk;
      counter = counter + 1;
      ap_uint<8> rcon = 0x01;
    ROUNDS:
      for (int r = 0; r < 10; r++) {
#pragma HLS PIPELINE II=1
        rk = aes_key_step(rk, rcon);
        rcon = aes_xtime(rcon);
        /* as aes_ctr_hls.cpp: round 10's AddRoundKey also adds the message block, so the result
         * write chains into that round's cycle */
        s = aes_enc_round(s, r == 9 ? aes_block_t(rk ^ msg) : rk, r == 9);
      }
      result.write(s);
    }
  }
}

/* ---- output processor -------------------------------------------------------------------
 * Sends bypass entries; after a header of length L, ceil(L/4) words of result blocks (bytes
 * past L zeroed). In a message whose core reported no usable key, headers are dropped and the
 * status becomes FAILURE (the RTL decides this in its input processor; the do words match). */
static void do_processor(hls::stream<bypass_t> &bypass, hls::stream<aes_block_t> &result,
                         hls::stream<ap_uint<1>> &msg_ok, hls::stream<lwc_do_t> &dout) {
  bool ok = true;
ENTRIES:
  HLS_FOREVER(!bypass.empty()) {
    bypass_t e = bypass.read();
    const int kind = e.range(33, 32).to_uint();
    const lwc_word_t word = e.range(31, 0);
    if (kind == BYP_MESSAGE) {
      ok = msg_ok.read() == 1;
    } else if (kind == BYP_STATUS) {
      lwc_do_t status = ok ? word : STATUS_FAIL;
      status[32] = 1;
      dout.write(status);
      ok = true;
    } else {
      /* a header: its data blocks come from the core in any case; in a message without a usable
       * key they are read and dropped with the header */
      const ap_uint<16> len = word.range(15, 0);
      const ap_uint<12> blocks = len >> 4;
      const ap_uint<4> rest = len.range(3, 0);  /* bytes of a partial last block */
      const ap_uint<1> tail = rest != 0;
      if (ok) {
        dout.write(lwc_do_t(word));
      BLOCKS:
        for (ap_uint<12> b = 0; b < blocks; b++) {  /* one loop body: 4 cycles a block */
          const aes_block_t r = result.read();
          dout.write(lwc_do_t(r.range(127, 96)));
          dout.write(lwc_do_t(r.range(95, 64)));
          dout.write(lwc_do_t(r.range(63, 32)));
          dout.write(lwc_do_t(r.range(31, 0)));
        }
        if (tail) {
          aes_block_t r = result.read();
          const ap_uint<3> words = (ap_uint<5>(rest) + 3) >> 2;
          /* bytes past L zeroed: the last word keeps its first L mod 4 bytes (all four if 0) */
          const ap_uint<2> part = rest.range(1, 0);
          const lwc_word_t mask = part == 1 ? 0xFF000000 : part == 2 ? 0xFFFF0000
                                : part == 3 ? 0xFFFFFF00 : 0xFFFFFFFF;
        TAIL:
          for (ap_uint<3> j = 0; j < words; j++) {
            lwc_word_t w = r.range(127, 96);
            if (j == words - 1) w = w & mask;
            dout.write(lwc_do_t(w));
            r = r << 32;
          }
        }
      } else {
      DROP:
        for (ap_uint<13> b = 0; b < blocks + tail; b++) {
          result.read();
        }
      }
    }
  }
}

void aes128_ctr_io(hls::stream<lwc_word_t> &pdi, hls::stream<lwc_word_t> &sdi, hls::stream<lwc_do_t> &dout) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=pdi
#pragma HLS INTERFACE mode=axis port=sdi
#pragma HLS INTERFACE mode=axis port=dout name=do register
#pragma HLS DATAFLOW
  hls::stream<ap_uint<1>> key_req("key_req");
  hls::stream<core_cmd_t> core_cmd("core_cmd");
  hls::stream<key_word_t> key("key");
  hls::stream<aes_block_t> result("result");
  hls::stream<ap_uint<1>> msg_ok("msg_ok");
  hls::stream<bypass_t> bypass("bypass");
#pragma HLS STREAM variable=key_req depth=1
#pragma HLS STREAM variable=core_cmd depth=2
#pragma HLS STREAM variable=key depth=1
#pragma HLS STREAM variable=result depth=1
#pragma HLS STREAM variable=msg_ok depth=2
#pragma HLS STREAM variable=bypass depth=4
  pdi_processor(pdi, key_req, core_cmd, bypass);
  sdi_processor(key_req, sdi, key);
  ctr_core(core_cmd, key, result, msg_ok);
  do_processor(bypass, result, msg_ok, dout);
}
