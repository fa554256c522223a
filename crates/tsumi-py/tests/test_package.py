"""The installed package: its metadata carries the licence and both
licence texts travel with it."""

from importlib import metadata


def test_licences_are_installed():
    dist = metadata.distribution("tsumi")
    assert dist.metadata["License-Expression"] == "MIT OR Apache-2.0"
    names = {p.name: p for p in dist.files or []}
    for name, first_words in [
        ("LICENSE-MIT", "MIT License"),
        ("LICENSE-APACHE", "Apache License"),
    ]:
        assert name in names, f"{name} is not in the installed package"
        text = names[name].read_text(encoding="utf-8")
        assert first_words in text, name
