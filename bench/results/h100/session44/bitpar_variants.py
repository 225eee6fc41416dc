# Makes kernel directories for call 3 (each a copy of cl/ with one change to bitpar.cl, passed through
# LEVCL_KERNEL_DIR): what a lone warp's step of 32 columns pays for. Only `pre` computes right
# distances; the others leave a part out to time the rest (run with --max-distance at the first band's
# bound, so that no wrong answer starts a second band).
#   pre      the next group's bus word read during this group, and `available` all the progress seen
#   nofence  no membar.gl before a progress flag (unsound)
#   nobus    steady groups take +1 codes instead of the bus word (no loads, no waits)
#   noeq     steady groups' match masks from the lane number, no code or mask loads
#   noout    steady groups store no bottom-row code
#   noballot flush_word publishes zero words: no reads of `outgoing`, no ballots
import os, shutil, sys

src, dst = sys.argv[1], sys.argv[2]


def variant(name, file, *pairs):
    d = os.path.join(dst, name)
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(src, d)
    p = os.path.join(d, file)
    s = open(p).read()
    for old, new in pairs:
        assert s.count(old) == 1, (name, old[:60])
        s = s.replace(old, new)
    open(p, "w").write(s)


shutil.rmtree(os.path.join(dst, "base"), ignore_errors=True)
shutil.copytree(src, os.path.join(dst, "base"))
variant("pre", "bitpar.cl",
        ("""  int available;   // columns of the stripe above known to be published
""", """  int available;   // columns of the stripe above known to be published
  int ahead;
  uint ahead_p, ahead_m;
"""),
        ("""inline void incoming_word(Sweep* w, const Tables* tb, const int base, uint* word_p, uint* word_m) {
  *word_p = 0xffffffffu;
  *word_m = 0;
  if (w->s == 0 || base + 1 > w->above_last) return;
  if (min(base + 32, w->above_last) > w->available) {
    w->available = min(w->above_last, base / CHUNK * CHUNK + CHUNK);
    wait_progress(&tb->progress[w->s - 1], w->available);
  }
""", """inline bool incoming_known(const Sweep* w, const int base) {
  return w->s == 0 || base + 1 > w->above_last || min(base + 32, w->above_last) <= w->available;
}
inline void incoming_word(Sweep* w, const Tables* tb, const int base, uint* word_p, uint* word_m) {
  *word_p = 0xffffffffu;
  *word_m = 0;
  if (w->s == 0 || base + 1 > w->above_last) return;
  if (min(base + 32, w->above_last) > w->available)
    w->available = min(w->above_last, wait_progress(&tb->progress[w->s - 1], min(w->above_last, base / CHUNK * CHUNK + CHUNK)));
"""),
        ("""  uint word_p, word_m;
  incoming_word(w, tb, w->first - 1 + t0, &word_p, &word_m);
""", """  const int base0 = w->first - 1 + t0;
  uint word_p = w->ahead_p, word_m = w->ahead_m;
  if (w->ahead != base0) incoming_word(w, tb, base0, &word_p, &word_m);
  w->ahead = -1;
  if (incoming_known(w, base0 + 32)) {
    incoming_word(w, tb, base0 + 32, &w->ahead_p, &w->ahead_m);
    w->ahead = base0 + 32;
  }
"""),
        ("""    w.available = s == 0 ? n : 0;
""", """    w.available = s == 0 ? n : 0;
    w.ahead = -1;
"""))
variant("nofence", "workgroup_flags.cl", ("""#define GLOBAL_FENCE() asm volatile("membar.gl;" ::: "memory")""", """#define GLOBAL_FENCE()"""))
variant("nobus", "bitpar.cl", ("""  uint word_p, word_m;
  incoming_word(w, tb, w->first - 1 + t0, &word_p, &word_m);
""", """  uint word_p = 0xffffffffu, word_m = 0;
"""))
variant("noeq", "bitpar.cl", ("""    for (int k = 0; k < EQ_RUN; ++k) eq[k] = tb->peq[codes[run + k] * LANES + lane];""",
                              """    for (int k = 0; k < EQ_RUN; ++k) eq[k] = (word_t)((uint)(lane + k) * 0x9e3779b9u);"""))
variant("noout", "bitpar.cl", ("""      *slot = partial ? ROW_CODE(ph, mh, bit) : w->hout;
""", """      (void)slot;
"""))
variant("noballot", "bitpar.cl", ("""  const uint word_p = ballot(code & 1u), word_m = ballot(code & 2u);
""", """  const uint word_p = 0u * code, word_m = 0u;
"""))
