"""report/doc_table.py: the one writer of generated tables between named markers of a Markdown doc."""

from __future__ import annotations

import pytest

from cryptohls.errors import UserError
from cryptohls.report.doc_table import check_markers, write_table

DOC = ("# Title\n\ntext before\n<!-- t:begin -->\nold row\n<!-- t:end -->\ntext after\n"
       "<!-- u:begin -->\nother table\n<!-- u:end -->\n")


def test_only_the_named_table_changes(tmp_path):
    doc = tmp_path / "doc.md"
    doc.write_text(DOC)
    write_table(doc, "t", "| a |\n|---|\n| 1 |")
    assert doc.read_text() == DOC.replace("old row", "| a |\n|---|\n| 1 |")
    write_table(doc, "t", "| b |\n")                # a body's final newline is not doubled
    assert doc.read_text() == DOC.replace("old row", "| b |")


def test_missing_markers_are_one_error_at_the_doc(tmp_path):
    doc = tmp_path / "doc.md"
    doc.write_text("<!-- t:end -->\n<!-- t:begin -->\n")       # end before begin
    for name in ("t", "nope"):
        with pytest.raises(UserError, match=f"no <!-- {name}:begin --> … <!-- {name}:end --> markers") as err:
            write_table(doc, name, "x")
        assert str(doc) in str(err.value)
    assert doc.read_text() == "<!-- t:end -->\n<!-- t:begin -->\n"
    with pytest.raises(UserError, match="no such file"):
        check_markers(tmp_path / "none.md", "t")
