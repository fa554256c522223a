"""The collection panel (作品集) used as a magazine editor uses it, in
Debian's chromium driven by Playwright: open a file of 20 works, check them
all (全部検討) with live progress while the page keeps answering, export the
table as CSV, JSON lines and KIF, open a row on the board, drop two files on
the page at once, read a file whose second record is broken and a file that
is no collection, and see the table in English and at a phone's width. The exports are checked against
`tsumi solve --json --report --jobs 2` on the same file, and the KIF records
are replayed by cshogi.

Run by crates/tsumi-cli/tests/browser.rs (cargo test), which starts
`tsumi serve` and passes its address and the tsumi binary:

    python3 collection_test.py URL TSUMI_BINARY SCREENSHOT_DIR
"""

import csv
import io
import json
import subprocess
import sys
import time
from pathlib import Path

import cshogi
from cshogi import KIF
from playwright.sync_api import expect, sync_playwright

from page_modules import goto, watch_errors

URL, TSUMI, SHOTS = sys.argv[1], sys.argv[2], Path(sys.argv[3])
SHOTS.mkdir(parents=True, exist_ok=True)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# Twelve development-set problems and eight of 将棋無双, with their lengths
# (tsumi-cli's test data, also used by tests/serve.rs).
SAMPLE = Path(__file__).resolve().parents[3] / "tsumi-cli" / "tests" / "data" / "serve-sample.tsv"
TIME_LIMIT = 10
# Fields that are times, different from run to run.
TIMES = {"ms", "first_mate_ms", "proof_ms"}


def step(text):
    print(f"collection test: {text}", flush=True)


def shot(page, name):
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def without_times(record):
    r = {k: v for k, v in record.items() if k not in TIMES}
    if r.get("report"):
        r["report"] = {k: v for k, v in r["report"].items() if k not in TIMES}
    return r


def download(page, button, name):
    with page.expect_download() as d:
        page.click(button)
    path = SHOTS / name
    d.value.save_as(path)
    return path


def fits_width(page, width):
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= width, (width, scroll_width)
    outside = page.evaluate("""() => [...document.querySelectorAll('button, input, textarea, select, label.file, td, th')]
        .filter((e) => e.offsetParent !== null)
        .map((e) => [e.id || e.textContent.trim().slice(0, 16), e.getBoundingClientRect().left, e.getBoundingClientRect().right])
        .filter(([, l, r]) => l < -0.5 || r > innerWidth + 0.5)""")
    assert not outside, (width, outside)


def answer_box(page):
    """What the answer box and the report show: the verdict, its notes, and
    the report's badges."""
    return page.evaluate("""() => [
        document.querySelector('#answer .verdict').textContent,
        [...document.querySelectorAll('#answer .notes li')].map((li) => li.textContent),
        [...document.querySelectorAll('#report .badge')].map((b) => b.textContent),
    ]""")


def check_all(page):
    """全部検討 on the table, watching the page while it runs: the progress
    must change at least twice a second and a timer must never wait long."""
    page.evaluate("""() => {
        window.__watch = { gaps: [], last: performance.now(), texts: [], long: [] };
        // The page's own long tasks (a script holding the main thread), to
        // tell them from the machine not running the page at all.
        new PerformanceObserver((l) => { for (const e of l.getEntries()) __watch.long.push(Math.round(e.duration)); })
            .observe({ type: 'longtask' });
        window.__timer = setInterval(() => {
            const now = performance.now();
            __watch.gaps.push(now - __watch.last);
            __watch.last = now;
            __watch.texts.push([now, document.getElementById('col-progress').textContent]);
        }, 50);
    }""")
    started = time.monotonic()
    page.click("#col-check")
    expect(page.locator("#col-stop")).to_be_enabled()
    # A click while it runs is answered: the language switch and back.
    page.click("#lang-en")
    expect(page.locator("#col-check")).to_have_text("Check all")
    page.click("#lang-ja")
    expect(page.locator("#col-stop")).to_be_disabled(timeout=300_000)
    wall = time.monotonic() - started
    watch = page.evaluate("() => { clearInterval(__timer); return __watch; }")
    worst = max(watch["gaps"])
    # The progress line's text changes in every second of the run.
    texts = [(t, s) for t, s in watch["texts"] if s]
    changes = [t for (t, s), (_, prev) in zip(texts[1:], texts) if s != prev]
    longest = max((b - a for a, b in zip(changes, changes[1:])), default=0)
    step(f"checked in {wall:.1f} s; longest timer gap {worst:.0f} ms, "
         f"longest time without a progress change {longest:.0f} ms, "
         f"the page's long tasks {sorted(watch['long'], reverse=True)[:5]} ms")
    assert worst < 500, worst
    assert longest <= 1000, longest
    return wall


def run(page, errors):
    goto(page, URL)
    # The searches the page asks for (opening a checked row asks for none).
    solves = []
    page.on("request", lambda r: solves.append(r.url) if r.url.endswith("/api/solve") else None)
    page.wait_for_function("() => S.problem !== null")
    page.click("#tab-collection")
    expect(page.locator("#panel-collection .hint").first).to_contain_text("作品集")

    step("opening a file of 20 works")
    page.set_input_files("#col-file", str(SAMPLE))
    expect(page.locator("#col-rows tr")).to_have_count(20)
    expect(page.locator("#col-message")).to_contain_text("20作を読み込みました")
    expect(page.locator("#col-rows tr").nth(13).locator(".c-name")).to_have_text("musou-038")
    expect(page.locator("#col-rows tr").nth(13).locator(".c-len")).to_have_text("13")
    page.fill("#col-time", str(TIME_LIMIT))

    step("全部検討")
    check_all(page)
    expect(page.locator("#col-progress")).to_contain_text("検討を終えました：20 / 20 作")
    expect(page.locator("#col-rows tr.pending")).to_have_count(0)
    expect(page.locator("#col-rows tr.checking")).to_have_count(0)
    expect(page.locator("#col-rows tr.sound").first).to_be_visible()
    page.evaluate("document.getElementById('col-progress').scrollIntoView()")
    shot(page, "collection")
    page.evaluate("window.scrollTo(0, 0)")

    step("exporting JSON lines, compared with tsumi solve --json --report --jobs 2")
    jsonl = download(page, "#col-jsonl", "collection.jsonl").read_text(encoding="utf-8")
    got = [json.loads(line) for line in jsonl.splitlines()]
    cli = subprocess.run([TSUMI, "solve", str(SAMPLE), "--json", "--report", "--jobs", "2", "--ordered",
                          "--time-limit", str(TIME_LIMIT)], capture_output=True, text=True)
    want = [json.loads(line) for line in cli.stdout.splitlines()]
    assert len(got) == len(want) == 20, (len(got), len(want), cli.stderr)
    for g, w in zip(got, want):
        assert without_times(g) == without_times(w), (g, w)
    # Each line spaced as the CLI writes it.
    assert jsonl.splitlines()[0].startswith('{"name": "dev-001", "sfen": '), jsonl[:80]

    step("exporting the table as CSV")
    text = download(page, "#col-csv", "collection.csv").read_text(encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:4] == ["番", "作品", "作品の手数", "結果"], rows[0]
    assert len(rows) == 21, len(rows)
    # The status of each row, as its class shows it (sound, faulty, undecided).
    statuses = page.evaluate("[...document.querySelectorAll('#col-rows tr')].map((tr) => tr.classList[0])")
    for row, record, status in zip(rows[1:], want, statuses):
        assert row[1] == record["name"], (row, record["name"])
        assert row[4] == str(record["length"] if record["length"] is not None else ""), (row, record)
        assert row[6] == status, (row, status)
    by_name = {row[1]: row for row in rows[1:]}
    # 将棋無双 29: two cooks at ply 13 (see page_test.py) and 非限定.
    assert by_name["musou-029"][7].startswith("余詰 13手目"), by_name["musou-029"]
    assert "非限定" in by_name["musou-029"][7], by_name["musou-029"]
    # No mate under the rule where 31 plies are published.
    assert by_name["musou-088"][7].startswith("不詰"), by_name["musou-088"]
    # 将棋無双 77 is sound (two 変同, no fault); a mate in 1 of the random set
    # leaves pieces over and has other mates at once.
    assert by_name["musou-077"][6:8] == ["sound", "健全"], by_name["musou-077"]
    assert by_name["dev-006"][7] == "駒余り · 非限定 1手目", by_name["dev-006"]
    # Published 13, the shortest mate proven 15 under the rule.
    assert by_name["musou-038"][7].startswith("作品の手数 13手と相違（最短 15手）"), by_name["musou-038"]

    step("exporting every answer as one KIF file, replayed by cshogi")
    for button, name, encoding in [("#col-kif", "collection.kif", "cp932"), ("#col-kifu", "collection.kifu", "utf-8")]:
        path = download(page, button, name)
        text = path.read_bytes().decode(encoding)
        # Each record begins with its 作品名 (every work here has a name).
        records = ["作品名：" + r for r in text.split("\n作品名：")]
        records[0] = records[0][len("作品名："):]
        # A record for every decided work: a mate's line, or a no-mate's
        # refuted first checks (the start commented 不詰).
        mates = [r for r in want if r["result"] in ("mate", "nomate")]
        assert len(records) == len(mates), (len(records), len(mates))
        for record, mate in zip(records, mates):
            one = SHOTS / "one.kifu"
            one.write_text(record, encoding="utf-8")
            kif = KIF.Parser.parse_file(str(one))
            moves = [cshogi.move_to_usi(m) for m in kif.moves]
            if mate["result"] == "mate":
                assert moves == mate["pv"], (mate["name"], moves, mate["pv"])
            else:
                assert "*不詰" in record and len(moves) >= 2, (mate["name"], record)
            one.unlink()
        # The file read back as a collection: the same works.
        works = page.evaluate("""async (text) => (await (await fetch('/api/collection/parse?name=all.kifu', {
            method: 'POST', headers: { 'content-type': 'application/octet-stream' },
            body: new TextEncoder().encode(text) })).json()).works""", text)
        assert [w["name"] for w in works] == [m["name"] for m in mates], works
        assert [w["sfen"] for w in works] == [m["sfen"] for m in mates], works

    step("the tab's read-only view (what scripts/bench-collection.py watches)")
    view = page.evaluate("""async () => {
        const v = (await import('/collection.js')).collectionView();
        return { running: v.running, done: v.finished && v.finished.done, rows: v.rows.length,
                 names: v.rows.map((r) => r.work.name), decided: v.rows.filter((r) => r.result && !r.result.error).length };
    }""")
    assert view["running"] is False and view["done"] == 20 and view["rows"] == 20, view
    assert view["names"] == [r["name"] for r in want], view
    assert view["decided"] == 20, view

    step("in English")
    page.click("#lang-en")
    expect(page.locator("#col-rows tr").nth(17).locator(".c-verdict")).to_contain_text("cook (余詰) at ply 13")
    expect(page.locator("#col-progress")).to_contain_text("Done: 20 of 20 works")
    page.evaluate("document.getElementById('col-rows').children[10].scrollIntoView()")
    shot(page, "collection-english")
    page.evaluate("window.scrollTo(0, 0)")
    page.click("#lang-ja")

    step("a checked row opens its work with the line the check found")
    page.click("#col-rows tr:nth-child(18)")
    # As after 解く: the 解図 tab, the record of the answer under the board.
    expect(page.locator("#tab-solve")).to_have_attribute("aria-selected", "true")
    page.wait_for_function("() => S.problem && S.problem.name === 'musou-029'")
    assert page.evaluate("S.problem.sfen") == want[17]["sfen"]
    expect(page.locator("#message")).to_contain_text("作品集から：musou-029 — 余詰 13手目")
    expect(page.locator("#board .piece")).not_to_have_count(0)
    expect(page.locator("#record")).to_be_visible()
    record_moves = page.locator("#record .moves .mv")
    expect(record_moves).to_have_count(want[17]["length"])
    assert record_moves.first.text_content().startswith("1"), record_moves.first.text_content()
    assert want[17]["pv"][0] == page.evaluate("recordLine()[0].usi"), want[17]["pv"]
    # Its moves step the board.
    record_moves.nth(2).click()
    expect(page.locator("#nav-label")).to_contain_text("3手目")
    # Its answer box and report as 解く shows them, from what the check
    # kept: no search asked for.
    expect(page.locator("#answer .verdict")).to_contain_text(f"{want[17]['length']}手詰")
    expect(page.locator("#report .badges .badge.bad").first).to_contain_text("余詰")
    assert not solves, solves
    opened = answer_box(page)
    step("解く on the same position shows the same answer box and report")
    # 解く's own time limit (under its settings, folded), as the check's.
    page.evaluate(f"document.getElementById('set-time').value = '{TIME_LIMIT}'")
    page.click("#solve")
    expect(page.locator("#solve")).to_be_enabled(timeout=120_000)
    expect(page.locator("#report .badges .badge").first).to_be_visible()
    assert len(solves) == 1, solves
    assert answer_box(page) == opened, (answer_box(page), opened)

    step("a no-mate row opens with its verdict and refutations")
    page.click("#tab-collection")
    page.click("#col-rows tr:nth-child(1)")
    page.wait_for_function("() => S.problem && S.problem.name === 'dev-001'")
    expect(page.locator("#tab-solve")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#answer .verdict")).to_contain_text("不詰")
    assert want[0]["result"] == "nomate", want[0]
    if want[0]["report"]["refutations"]:
        expect(page.locator("#report")).to_contain_text("不詰の根拠")
        expect(page.locator("#report .items li.playable")).to_have_count(len(want[0]["report"]["refutations"]))
    assert len(solves) == 1, solves
    page.click("#tab-collection")
    page.click("#col-rows tr:nth-child(18)")
    page.wait_for_function("() => S.problem && S.problem.name === 'musou-029'")
    page.click("#tab-collection")
    expect(page.locator("#col-rows tr.selected .c-name")).to_have_text("musou-029")

    step("two files dropped on the page at once")
    page.click("#col-clear")
    page.click("#tab-setup")
    page.evaluate("""([a, b]) => {
        const data = new DataTransfer();
        data.items.add(new File([a], 'two.tsv'));
        data.items.add(new File([b], 'one.sfen'));
        document.getElementById('board').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }""", [f"{want[0]['sfen']}\t0\tdropped-1\n{want[2]['sfen']}\t1\tdropped-2\n", want[4]["sfen"] + "\n"])
    expect(page.locator("#tab-collection")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#col-rows tr")).to_have_count(3)
    expect(page.locator("#col-rows tr").nth(2).locator(".c-name")).to_have_text("one.sfen:1")
    # A row not checked opens its position alone, in 問題.
    page.click("#col-rows tr:nth-child(2)")
    expect(page.locator("#tab-setup")).to_have_attribute("aria-selected", "true")
    page.wait_for_function("() => S.problem && S.problem.name === 'dropped-2'")
    expect(page.locator("#record")).to_be_hidden()
    page.click("#tab-solve")
    expect(page.locator("#record")).to_be_hidden()
    page.click("#tab-collection")

    step("a file whose second record is broken, and a file that is no collection")
    page.click("#col-clear")
    expect(page.locator("#col-rows tr")).to_have_count(0)
    good = want[2]
    kif_one = subprocess.run([TSUMI, "solve", "--sfen", good["sfen"], "--kif", str(SHOTS / "one.kifu")],
                             capture_output=True, text=True)
    assert kif_one.returncode == 0, kif_one.stderr
    record = (SHOTS / "one.kifu").read_text(encoding="utf-8")
    # Its first move made one that is not legal (no piece on 11).
    lines = record.splitlines()
    first = next(i for i, line in enumerate(lines) if line.lstrip().startswith("1 "))
    lines[first] = "   1 ９九飛(11)"
    broken = "\n".join(lines) + "\n"
    (SHOTS / "one.kifu").unlink()
    two = SHOTS / "two-records.kifu"
    two.write_text(record + "\n" + broken + "\n" + record, encoding="utf-8")
    assert record.endswith("\n")
    page.set_input_files("#col-file", str(two))
    expect(page.locator("#col-rows tr")).to_have_count(3)
    expect(page.locator("#col-message")).to_contain_text("2作を読み込みました（うち 1 件は読めない記録）")
    bad_line = len(record.splitlines()) + 2 + first
    expect(page.locator("#col-rows tr").nth(1).locator(".c-verdict")).to_contain_text(f"{bad_line}行目")
    expect(page.locator("#col-rows tr.error")).to_have_count(1)
    two.unlink()
    notes = SHOTS / "notes.png"
    notes.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\xff\xfe\x81")
    page.set_input_files("#col-file", str(notes))
    expect(page.locator("#col-message")).to_contain_text("notes.png")
    expect(page.locator("#col-message")).to_contain_text("読めません")
    expect(page.locator("#col-rows tr")).to_have_count(3)
    notes.unlink()
    assert not errors, errors


def phone(browser, errors):
    step("the collection at 390x844")
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ja-JP",
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    watch_errors(page, errors)
    goto(page, URL)
    page.wait_for_function("() => S.problem !== null")
    page.tap("#tab-collection")
    page.set_input_files("#col-file", str(SAMPLE))
    expect(page.locator("#col-rows tr")).to_have_count(20)
    page.fill("#col-time", "1")
    page.tap("#col-check")
    expect(page.locator("#col-stop")).to_be_enabled()
    expect(page.locator("#col-rows tr:not(.checking)").first).to_be_visible(timeout=30_000)
    # Stop: the works not yet checked go back to 未検討.
    page.tap("#col-stop")
    expect(page.locator("#col-stop")).to_be_disabled(timeout=30_000)
    expect(page.locator("#col-progress")).to_contain_text("中断しました")
    fits_width(page, 390)
    page.locator("#col-summary").scroll_into_view_if_needed()
    shot(page, "collection-390")
    context.close()


def main():
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="ja-JP",
                                      accept_downloads=True)
        page = context.new_page()
        errors = []
        watch_errors(page, errors)
        try:
            run(page, errors)
            phone(browser, errors)
        except Exception:
            page.screenshot(path=str(SHOTS / "collection-failure.png"), full_page=True)
            print("collection test: failed; the page is in collection-failure.png", flush=True)
            raise
        assert not errors, errors
        browser.close()
    print("collection test: all steps passed", flush=True)


if __name__ == "__main__":
    main()
