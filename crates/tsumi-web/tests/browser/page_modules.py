"""What the browser tests share about the page's ES modules: opening the
page with handles on the state the steps read, and watching for errors."""

# The page keeps its state in modules, not in globals: the tests read it
# through the same module instances the page uses (a module is loaded once
# per page, whoever imports it).
HANDLES = """async () => {
    window.S = (await import('/state.js')).S;
    window.recordLine = (await import('/record.js')).recordLine;
}"""


def goto(page, url):
    """Opens the page at `url`, with `S` and `recordLine()` at hand for the steps."""
    page.goto(url)
    page.evaluate(HANDLES)


def watch_errors(page, errors):
    """Collects every uncaught exception and every error the console shows
    (a module that does not load, a script error), but for the 4xx answers
    the steps provoke on purpose, which the console reports as failed loads."""
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text)
            if m.type == "error" and not m.text.startswith("Failed to load resource") else None)
