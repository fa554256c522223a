#!/usr/bin/env python3
"""The page's 全部検討 against `tsumi solve --jobs 2 --report` (issue 29,
point 7): the same collection at the same time limit, checked by the
`tsumi serve` page in Debian's chromium (driven by Playwright) and by the
command, in turns; and how the page answers while it runs.

Target: 将棋無双's 100 at 10 s each in at most 1.05x the command's time, the
page answering clicks and showing progress at least twice a second
throughout.

    PATH=/work/venv/bin:$PATH python3 scripts/bench-collection.py \\
        [--tsumi target/release/tsumi] [--set ../shared/data/tsume/musou.tsv] \\
        [--works 100] [--time-limit 10] [--runs 1] [--jobs 2]

`--works N` checks the first N works only (a shortened run). The server is
started with `--max-searches JOBS`, so that the page runs as many jobs as
the command. Each run checks the set twice on each side, for the same work:
the page with its box 余詰・変長の手順も作る unticked against `--report` (the
target's command: solve and report), then ticked (the lines of cooks and
longer defences, which its JSON export then holds) against `--report
--json`; it prints the wall times and ratios, then the page's
responsiveness: the longest gap of a 50 ms
timer, the longest time without a change of the progress line, and the
slowest answer to a click (the language switch, which redraws the table)
made every two seconds. Exits 1 when a full run misses the target.

Needs /usr/bin/chromium and Python's playwright (no browser download).
Run it on a quiet machine: both sides use every core.
"""

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def works_file(path, n, tmp):
    lines = [l for l in Path(path).read_text(encoding="utf-8").splitlines()
             if l.strip() and not l.startswith("#")]
    out = Path(tmp) / f"works-{n}.tsv"
    out.write_text("\n".join(lines[:n]) + "\n", encoding="utf-8")
    return out, min(n, len(lines))


def cli(tsumi, file, args, time_limit, jobs):
    started = time.monotonic()
    subprocess.run([tsumi, "solve", str(file), "--jobs", str(jobs), "--time-limit", str(time_limit), *args],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - started


def page_run(browser, url, file, count, time_limit, lines):
    page = browser.new_page(viewport={"width": 1366, "height": 768}, locale="ja-JP")
    page.goto(url)
    # The page keeps its state in ES modules: handles on the same module
    # instances the page uses (a module is loaded once per page).
    page.evaluate("""async () => {
        window.S = (await import('/state.js')).S;
        window.collectionView = (await import('/collection.js')).collectionView;
    }""")
    page.wait_for_function("() => S.problem !== null")
    page.click("#tab-collection")
    page.set_input_files("#col-file", str(file))
    expect(page.locator("#col-rows tr")).to_have_count(count)
    page.fill("#col-time", str(time_limit))
    page.set_checked("#col-lines", lines)
    page.evaluate("""() => {
        window.__watch = { gaps: [], last: performance.now(), texts: [], end: null };
        window.__timer = setInterval(() => {
            const now = performance.now();
            __watch.gaps.push(now - __watch.last);
            __watch.last = now;
            __watch.texts.push([now, document.getElementById('col-progress').textContent]);
            if (__watch.end === null) { const c = collectionView(); if (c.finished !== null && !c.running) __watch.end = now; }
        }, 50);
        // The time of the click, and of the last answer shown (to 50 ms).
        __watch.start = performance.now();
        document.getElementById('col-check').click();
    }""")
    clicks = []
    english = False
    while page.evaluate("(() => { const c = collectionView(); return c.running || c.finished === null; })()"):
        time.sleep(2)
        english = not english
        t = time.monotonic()
        page.click("#lang-en" if english else "#lang-ja")
        expect(page.locator("#col-check")).to_have_text("Check all" if english else "全部検討", timeout=60_000)
        clicks.append(time.monotonic() - t)
    finished = page.evaluate("collectionView().finished")
    watch = page.evaluate("() => { clearInterval(__timer); return __watch; }")
    wall = (watch["end"] - watch["start"]) / 1000
    texts = [(t, s) for t, s in watch["texts"] if s]
    changes = [t for (t, s), (_, prev) in zip(texts[1:], texts) if s != prev]
    still = max((b - a for a, b in zip(changes, changes[1:])), default=0)
    verdicts = page.evaluate("""() => { const c = {}; for (const r of collectionView().rows) {
        const k = r.result ? (r.result.error ? 'error' : r.result.verdict.status) : 'none'; c[k] = (c[k] || 0) + 1; } return c; }""")
    # The time of each work beyond its solve and report: the lines of its
    # cooks and longer defences, its KIF and its record.
    beyond = page.evaluate("""() => collectionView().rows.reduce((s, r) => !r.result || r.result.error ? s
        : s + r.result.wall_ms - r.result.record.ms - (r.result.record.report ? r.result.record.report.ms : 0), 0)""")
    page.close()
    return {
        "beyond": beyond / 1000,
        "wall": wall, "server_wall": finished["wall_ms"] / 1000, "done": finished["done"],
        "gap": max(watch["gaps"]), "still": still, "click": max(clicks, default=0), "verdicts": verdicts,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tsumi", default=str(ROOT / "target" / "release" / "tsumi"))
    ap.add_argument("--set", default=str(ROOT.parent / "shared" / "data" / "tsume" / "musou.tsv"))
    ap.add_argument("--works", type=int, default=100)
    ap.add_argument("--time-limit", type=float, default=10)
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        file, count = works_file(a.set, a.works, tmp)
        server = subprocess.Popen([a.tsumi, "serve", "--port", "0", "--max-searches", str(a.jobs)],
                                  stdout=subprocess.PIPE, text=True)
        try:
            line = server.stdout.readline()
            url = next(w for w in line.split() if w.startswith("http://"))
            results = []
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
                for run in range(a.runs):
                    # The same work on both sides: solve and report (the
                    # page's box for the lines unticked), then with the
                    # lines of cooks and longer defences (ticked, and the
                    # command's --json).
                    for lines, args in [(False, ["--report"]), (True, ["--report", "--json"])]:
                        command = cli(a.tsumi, file, args, a.time_limit, a.jobs)
                        page = page_run(browser, url, file, count, a.time_limit, lines)
                        results.append((lines, command, page))
                        print(f"run {run + 1}, {'with' if lines else 'without'} lines: {count} works at "
                              f"{a.time_limit:g} s: solve --jobs {a.jobs} {' '.join(args)} {command:.1f} s, "
                              f"page {page['wall']:.1f} s (server {page['server_wall']:.1f} s): "
                              f"{page['wall'] / command:.3f}x; "
                              f"timer gap {page['gap']:.0f} ms, progress unchanged {page['still']:.0f} ms at most, "
                              f"slowest click {page['click'] * 1000:.0f} ms; verdicts {page['verdicts']}; "
                              f"beyond solve and report {page['beyond']:.1f} s of job time", flush=True)
                browser.close()
        finally:
            server.terminate()
            server.wait()
    ratio = statistics.median(p["wall"] / c for lines, c, p in results if not lines)
    ratio_lines = statistics.median(p["wall"] / c for lines, c, p in results if lines)
    responsive = all(p["still"] <= 500 and p["click"] <= 0.5 and p["gap"] <= 500 for _, _, p in results)
    print(f"median ratio page / solve --report: {ratio:.3f}x (target 1.05x); "
          f"with the lines, page / solve --report --json: {ratio_lines:.3f}x; "
          f"progress at least twice a second and clicks within 0.5 s: {'yes' if responsive else 'no'}")
    if count >= 100 and a.time_limit >= 10 and (ratio > 1.05 or not responsive):
        sys.exit(1)


if __name__ == "__main__":
    main()
