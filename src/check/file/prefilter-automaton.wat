;; The prefilter's scan loops in WebAssembly: the same automaton as `prefilter.ts` builds, stepped over a
;; file's bytes. Compiled by `npm run build:wasm` into `prefilter-automaton-bytes.ts`, which the project
;; commits (a test compiles this source again and compares).
;;
;; Memory, as `prefilter-wasm.ts` fills it:
;;   [0, 1024)       each byte's class times 4 (one i32 per byte value)
;;   [1024, files)   the transition table: per state one row, per class one i32, the byte address of the
;;                   target's row (1024 + state × width × 4), negated when the target accepts
;;   [files, ...)    the bytes searched, copied in by the caller
;; A state is the address of its row, so a step is two loads and an addition, and the root is 1024.
(module
  (memory (export "memory") 1)

  ;; Where `run` stopped: the address of the byte that led to an accepting state.
  (global $at (export "at") (mut i32) (i32.const 0))

  ;; Steps the automaton from state $s over the bytes at [$p, $end). Stops at the first accepting state and
  ;; returns it (negative), with `at` holding that byte's address; otherwise returns the state it ended in.
  (func $run (export "run") (param $p i32) (param $end i32) (param $s i32) (result i32)
    (block $out
      (loop $step
        (br_if $out (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $s
          (i32.load (i32.add (local.get $s) (i32.load (i32.shl (i32.load8_u (local.get $p)) (i32.const 2))))))
        (br_if $out (i32.lt_s (local.get $s) (i32.const 0)))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $step)))
    (global.set $at (local.get $p))
    (local.get $s))

  ;; Whether some anchor ends in the $n bytes at $p: 1 or 0. One cursor waits on each load before the next
  ;; step, so a file of 512 bytes or more is searched by four cursors over its quarters, interleaved; each
  ;; of the first three runs on past its quarter's end by $reach (the longest anchor's length less one), so
  ;; an anchor across a boundary is found by the cursor it starts in.
  (func (export "hits") (param $p i32) (param $n i32) (param $reach i32) (result i32)
    (local $quarter i32) (local $together i32) (local $i i32) (local $end i32)
    (local $p2 i32) (local $p3 i32) (local $p4 i32)
    (local $a i32) (local $b i32) (local $c i32) (local $d i32)
    (if (i32.lt_u (local.get $n) (i32.const 512))
      (then
        (return
          (i32.lt_s (call $run (local.get $p) (i32.add (local.get $p) (local.get $n)) (i32.const 1024)) (i32.const 0)))))
    (local.set $quarter (i32.shr_u (i32.add (local.get $n) (i32.const 3)) (i32.const 2)))
    (local.set $p2 (i32.add (local.get $p) (local.get $quarter)))
    (local.set $p3 (i32.add (local.get $p2) (local.get $quarter)))
    (local.set $p4 (i32.add (local.get $p3) (local.get $quarter)))
    ;; The last quarter is the shortest: all four cursors step together over its length.
    (local.set $together (i32.sub (local.get $n) (i32.mul (local.get $quarter) (i32.const 3))))
    (local.set $a (i32.const 1024))
    (local.set $b (i32.const 1024))
    (local.set $c (i32.const 1024))
    (local.set $d (i32.const 1024))
    (block $out
      (loop $step
        (br_if $out (i32.ge_u (local.get $i) (local.get $together)))
        (local.set $a (i32.load (i32.add (local.get $a)
          (i32.load (i32.shl (i32.load8_u (i32.add (local.get $p) (local.get $i))) (i32.const 2))))))
        (local.set $b (i32.load (i32.add (local.get $b)
          (i32.load (i32.shl (i32.load8_u (i32.add (local.get $p2) (local.get $i))) (i32.const 2))))))
        (local.set $c (i32.load (i32.add (local.get $c)
          (i32.load (i32.shl (i32.load8_u (i32.add (local.get $p3) (local.get $i))) (i32.const 2))))))
        (local.set $d (i32.load (i32.add (local.get $d)
          (i32.load (i32.shl (i32.load8_u (i32.add (local.get $p4) (local.get $i))) (i32.const 2))))))
        (if (i32.lt_s (i32.or (i32.or (local.get $a) (local.get $b)) (i32.or (local.get $c) (local.get $d))) (i32.const 0))
          (then (return (i32.const 1))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $step)))
    (local.set $end (i32.add (local.get $p) (local.get $n)))
    (if (i32.lt_s
          (call $run (i32.add (local.get $p) (local.get $together))
            (call $min (i32.add (local.get $p2) (local.get $reach)) (local.get $end)) (local.get $a))
          (i32.const 0))
      (then (return (i32.const 1))))
    (if (i32.lt_s
          (call $run (i32.add (local.get $p2) (local.get $together))
            (call $min (i32.add (local.get $p3) (local.get $reach)) (local.get $end)) (local.get $b))
          (i32.const 0))
      (then (return (i32.const 1))))
    (i32.lt_s
      (call $run (i32.add (local.get $p3) (local.get $together))
        (call $min (i32.add (local.get $p4) (local.get $reach)) (local.get $end)) (local.get $c))
      (i32.const 0)))

  (func $min (param $x i32) (param $y i32) (result i32)
    (select (local.get $x) (local.get $y) (i32.lt_u (local.get $x) (local.get $y))))
)
