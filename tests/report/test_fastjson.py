"""The report's JSON written by report/fastjson.py is the standard library's text, byte for byte
(tools that read the attachment, and the goldens, see no change; issue 18)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from adjudicator.report import fastjson


def _stdlib(value: Any) -> str:
    return json.dumps(value, indent=1, sort_keys=True, ensure_ascii=True)


@pytest.mark.parametrize(
    "value",
    [
        {
            "view": {"territories": {"z": {"owner": None, "armies": {"b": 3}}, "a": {"buildings": []}}},
            "results": [{"ok": True, "lost": False, "text": 'Kraków — é\u2028\U0001f600 "q" \\ \t'}],
            "numbers": [0, -7, 1.5, -0.0, 1e16, 1e-7, 2**70, float("nan"), float("inf"), -float("inf")],
            "empty": [{}, [], (), [[]], {"x": {}}],
        },
        [("a", 1), ("b", [2, 3])],
        "just a string",
        None,
        {3: "keys that are not strings", 10: None},
        {"a": 1.25, "b": [True, False]},
    ],
    ids=["report-like", "tuples", "string", "null", "int-key", "float"],
)
def test_the_text_is_the_standard_librarys(value: Any) -> None:
    assert fastjson.dumps(value) == _stdlib(value)


def test_a_value_json_cannot_write_is_refused_as_json_refuses_it() -> None:
    with pytest.raises(TypeError):
        fastjson.dumps({"a": {1, 2}})
