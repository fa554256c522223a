"""The workbench page used as a composer uses it, in Debian's chromium
driven by Playwright: set up a problem by clicking, solve it, step through
the line, open a cook, check an author's line that has a cook, download the
KIF and read it back with cshogi, reload from the share link, see a bad
paste refused; with the two timings of issue 20 and screenshots of the main
states.

Run by crates/tsumi-cli/tests/browser.rs (cargo test), which starts
`tsumi serve` and passes its address and the tsumi binary:

    python3 page_test.py URL TSUMI_BINARY SCREENSHOT_DIR
"""

import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import cshogi
from cshogi import KIF
from playwright.sync_api import expect, sync_playwright

URL, TSUMI, SHOTS = sys.argv[1], sys.argv[2], Path(sys.argv[3])
SHOTS.mkdir(parents=True, exist_ok=True)

# The flags the machine notes ask for: no network beyond loopback, no
# first-run work, a fresh profile (Playwright makes one).
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# Development-set row 14 (a mate in 3, every interposition counted): set up
# on the board by clicking; the defender's hand is "all remaining".
THREE = "+R8/2k6/2+pg5/2b6/r8/9/9/9/9 b BGN2g4s3n4l17p 1"
# 将棋無双 29 (published 21 plies; two cooks at ply 13, two 非限定).
MUSOU_29 = "S2g+R4/2r2+B3/1pkn1P3/L1p1+P4/1s2S4/L1P6/1sB6/9/9 b 3g3n2l13p 1"
# 将棋無双 77 (11 plies, two 変同).
MUSOU_77 = "9/9/9/1+P1+B5/1p2S4/+pn7/1k2G4/s8/+l1L+p1+B3 b 3G2r2s3n2l14p 1"
# 将棋無双 93: tsumi solve proves its 35 plies in about two seconds.
MUSOU_93 = "9/9/1P7/1pL6/2l1+B1pB1/+p4g3/G1psP4/1S3N1S1/+R1G1kg3 b Nrs2n2l12p 1"


def step(text):
    print(f"page test: {text}", flush=True)


def cell(page, usi_square):
    """The board cell of a USI square such as '7b'."""
    file, rank = int(usi_square[0]), ord(usi_square[1]) - ord("a")
    return page.locator(f'#board .cell[data-row="{rank}"][data-col="{9 - file}"]')


def shot(page, name):
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def shared_sfen(page):
    link = page.input_value("#share")
    return urllib.parse.unquote(link.split("?sfen=", 1)[1])


def wait_answer(page):
    expect(page.locator("#answer .verdict")).to_be_visible(timeout=60_000)


def solve_and_wait_report(page):
    page.click("#tab-solve")
    page.click("#solve")
    expect(page.locator("#report")).to_be_visible(timeout=120_000)


def paste(page, text):
    page.click("#tab-setup")
    page.fill("#paste", text)
    page.click("#load-paste")


def main():
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        context = browser.new_context(viewport={"width": 1360, "height": 940}, locale="ja-JP",
                                      accept_downloads=True)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            run(page, errors)
        except Exception:
            page.screenshot(path=str(SHOTS / "failure.png"), full_page=True)
            print("page test: failed; the page is in failure.png", flush=True)
            raise
        browser.close()
    print("page test: all steps passed", flush=True)


def run(page, errors):
    if True:
        page.goto(URL)
        page.click("#lang-ja")
        expect(page.locator("#board .cell")).to_have_count(81)
        # The example problem the page opens with.
        page.wait_for_function("() => S.problem !== null")
        expect(page.locator("#tab-setup")).to_have_text("問題")

        # 1. Set up the mate in 3 with the editor, by clicking and dragging.
        step("setting up a problem with the editor")
        page.click("#clear-board")
        expect(cell(page, "5a").locator(".piece")).to_have_count(1)
        king = cell(page, "5a").bounding_box()
        target = cell(page, "7b").bounding_box()
        page.mouse.move(king["x"] + king["width"] / 2, king["y"] + king["height"] / 2)
        page.mouse.down()
        page.mouse.move(target["x"] + 10, target["y"] + 10, steps=5)
        page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=5)
        page.mouse.up()
        expect(cell(page, "7b").locator(".piece")).to_have_count(1)
        expect(cell(page, "5a").locator(".piece")).to_have_count(0)
        for code, square in [("+R", "9a"), ("+p", "7c"), ("g", "6c"), ("b", "7d"), ("r", "9e")]:
            page.click(f'#palette button[data-code="{code}"]')
            cell(page, square).click()
        page.click('#palette button[data-code="r"]')  # put the palette down
        for kind in "BGN":
            page.click(f'#hand-b button.adj[data-kind="{kind}"][data-delta="1"]')
        expect(page.locator("#share")).to_have_value(
            URL.rstrip("/") + "/?sfen=" + urllib.parse.quote(THREE, safe=""), timeout=5000)
        assert shared_sfen(page) == THREE, shared_sfen(page)
        expect(page.locator("#message")).to_be_hidden()
        shot(page, "editor")

        # 2. Solve it: the answer on screen within a second of the click.
        step("solving the mate in 3")
        page.click("#tab-solve")
        started = time.perf_counter()
        page.click("#solve")
        expect(page.locator("#answer .verdict")).to_contain_text("3手詰", timeout=10_000)
        took = time.perf_counter() - started
        step(f"the 3-ply answer was on screen {took:.3f} s after the click")
        assert took < 1.0, f"the 3-ply answer took {took:.3f} s"

        # 3. Step through the line with the buttons, the keys and the moves.
        step("stepping through the line")
        chips = page.locator("#answer .moves .mv")
        expect(chips).to_have_count(3)
        page.click("#nav-next")
        expect(page.locator("#nav-label")).to_contain_text("1手目")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        expect(page.locator("#nav-label")).to_contain_text("3手目")
        expect(page.locator("#board .cell.last")).to_have_count(1)
        page.keyboard.press("ArrowLeft")
        expect(page.locator("#nav-label")).to_contain_text("2手目")
        page.keyboard.press("Home")
        expect(page.locator("#nav-label")).to_have_text("初形")
        chips.nth(1).click()
        expect(page.locator("#nav-label")).to_contain_text("2手目 △")

        # 4. 将棋無双 93: its report on screen within the CLI's time + 1 s.
        step("timing 将棋無双 93 against tsumi solve")
        cli_started = time.perf_counter()
        subprocess.run([TSUMI, "solve", "--report", "--sfen", MUSOU_93], check=True,
                       stdout=subprocess.DEVNULL)
        cli = time.perf_counter() - cli_started
        paste(page, MUSOU_93)
        expect(page.locator("#message")).to_contain_text("読み込みました")
        page.click("#tab-solve")
        started = time.perf_counter()
        page.click("#solve")
        expect(page.locator("#report")).to_be_visible(timeout=120_000)
        expect(page.locator("#answer .verdict")).to_contain_text("35手詰")
        took = time.perf_counter() - started
        step(f"将棋無双 93: the page showed its report {took:.2f} s after the click; "
             f"tsumi solve --report took {cli:.2f} s")
        assert took < cli + 1.0, f"page {took:.2f} s, CLI {cli:.2f} s"

        # 5. 将棋無双 29: the report, and a cook's line played on the board.
        step("opening a cook of 将棋無双 29")
        paste(page, MUSOU_29 + "\t21\t将棋無双 第29番")
        solve_and_wait_report(page)
        expect(page.locator("#answer .verdict")).to_contain_text("21手詰")
        expect(page.locator("#report .badge.bad")).to_contain_text("余詰 2")
        cook = page.locator("#report li.playable", has_text="６三と").first
        expect(cook).to_be_visible(timeout=30_000)
        page.keyboard.press("End")
        shot(page, "solved")
        cook.click()
        expect(page.locator("#playing-label")).to_contain_text("余詰")
        expect(page.locator("#nav-label")).to_contain_text("12手目")
        page.keyboard.press("ArrowRight")
        expect(page.locator("#nav-label")).to_contain_text("13手目 ▲６三と")
        expect(cell(page, "6c").locator(".piece.promoted")).to_have_count(1)
        shot(page, "cook")
        page.click("#back-to-main")
        expect(page.locator("#playing-label")).to_have_text("本手順")
        main_moves = page.evaluate("S.solve.answer.main.steps.map(s => s.ja)")
        assert len(main_moves) == 21, main_moves

        # 6. Download the KIF and read it back with cshogi. 将棋無双 77: its
        # two 変同 are written as 変化 branches (and no move line says 不成,
        # which the Kakinoki format does not write and cshogi stops at).
        step("downloading the KIF of 将棋無双 77")
        paste(page, MUSOU_77)
        solve_and_wait_report(page)
        expect(page.locator("#answer .verdict")).to_contain_text("11手詰")
        pv = page.evaluate("S.solve.answer.record.pv")
        for button, ext in [("#dl-kif", ".kif"), ("#dl-kifu", ".kifu")]:
            with page.expect_download() as d:
                page.click(button)
            assert d.value.suggested_filename.endswith(ext), d.value.suggested_filename
            path = SHOTS / f"downloaded{ext}"
            d.value.save_as(path)
            text = path.read_bytes().decode("cp932" if ext == ".kif" else "utf-8")
            assert "\n変化：" in text, text
            assert "不成" not in text, text
            # cshogi's reader sets up no board diagram: the moves are
            # compared (they carry their origins).
            kif = KIF.Parser.parse_file(str(path))
            moves = [cshogi.move_to_usi(m) for m in kif.moves]
            assert moves == pv, (ext, moves, pv)
            path.unlink()

        # 7. Check the author's line (the published 21 plies): a cook at ply 13.
        step("checking the author's line")
        paste(page, MUSOU_29 + "\t21\t将棋無双 第29番")
        page.click("#tab-check")
        page.fill("#author-line", " ".join(main_moves))
        page.click("#check")
        expect(page.locator("#verdict .verdict")).to_contain_text("余詰あり", timeout=60_000)
        expect(page.locator("#verdict .verdict .sub")).to_contain_text("13手目")
        expect(page.locator("#nav-label")).to_contain_text("12手目")
        expect(page.locator("#board .cell.fault")).not_to_have_count(0)
        expect(page.locator("#check-report")).to_be_visible()
        shot(page, "check")

        # 8. Reload from the share link.
        step("reloading from the share link")
        link = page.input_value("#share")
        page.goto(link)
        expect(page.locator("#board .cell .piece")).not_to_have_count(0)
        page.wait_for_function("() => S.problem !== null")
        assert shared_sfen(page) == MUSOU_29, shared_sfen(page)

        # 9. Bad pastes are refused, with the reason beside the board.
        step("refusing bad pastes")
        paste(page, "4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1")
        expect(page.locator("#message")).to_contain_text("二歩")
        expect(page.locator("#board .cell.bad")).to_have_count(2)
        shot(page, "refused")
        paste(page, "4k4/9 b - 1")
        expect(page.locator("#message")).to_contain_text("読めません")
        expect(page.locator("#message")).to_contain_text("9 ranks")
        page.click("#tab-solve")
        page.click("#solve")
        expect(page.locator("#message")).to_contain_text("正しい局面")

        # 10. The page in English.
        step("switching to English")
        paste(page, MUSOU_29 + "\t21\t将棋無双 第29番")
        page.click("#lang-en")
        solve_and_wait_report(page)
        expect(page.locator("#answer .verdict")).to_contain_text("Mate in 21")
        expect(page.locator("#report h2")).to_contain_text("Soundness report")
        expect(page.locator("#report li.playable").first).to_be_visible(timeout=30_000)
        shot(page, "english")
        page.click("#lang-ja")

        assert not errors, errors


if __name__ == "__main__":
    main()
