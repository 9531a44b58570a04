"""Every public function, class and method of the ``cassino`` package says
what it is for: a module-level function or class, or a method of a public
class, whose name has no leading underscore, has a docstring."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "cassino"
Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def undocumented(source: str, module: str) -> list[str]:
    """'module:line name' for each public definition in ``source`` without a docstring."""
    out = []
    for node in ast.parse(source).body:
        if not isinstance(node, Definition) or node.name.startswith("_"):
            continue
        if ast.get_docstring(node) is None:
            out.append(f"{module}:{node.lineno} {node.name}")
        if isinstance(node, ast.ClassDef):
            out += [f"{module}:{sub.lineno} {node.name}.{sub.name}" for sub in node.body
                    if isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef) and not sub.name.startswith("_")
                    and ast.get_docstring(sub) is None]
    return out


def test_every_public_function_class_and_method_has_a_docstring() -> None:
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 50  # the whole package, sub-packages included
    missing = [name for path in modules
               for name in undocumented(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE.parent)))]
    assert missing == [], "these need a docstring saying what they are for:\n" + "\n".join(missing)


def test_the_check_names_what_lacks_a_docstring_and_passes_over_private_names() -> None:
    source = '''
def shown(): pass
def _helper(): pass
async def later(): pass
class Public:
    """Has one."""
    def method(self): pass
    @property
    def value(self): return 1
    def _private(self): pass
    def __init__(self): pass
class _Private:
    def method(self): pass
def documented():
    """Says so."""
'''
    assert undocumented(source, "m.py") == ["m.py:2 shown", "m.py:4 later", "m.py:7 Public.method",
                                            "m.py:9 Public.value"]
