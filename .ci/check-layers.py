#!/usr/bin/env python3
"""Checks that the folders of Sources/Coordinators depend on each other one way only.

Each folder (layer) may use the types and free functions declared in itself and in the
folders ALLOWED lists for it, never in any other; ARCHITECTURE.md draws the same graph.
Comments and string literals are ignored. A name is found by its spelling, and only names
declared at the top level of a file are checked (not members added by extensions), so this
is a check on what a file names, not a type checker.
"""
import pathlib
import re
import sys

ALLOWED = {
    "Router": {"Routing", "Tree", "Guards", "Time", "Events", "Environment", "Runtime", "Internal", "LifecycleEvents", "Presenters/Headless", "Presenters", "Basics", "Primitives"},
    "Routing": {"Tree", "Guards", "Time", "Events", "Environment", "Runtime", "Internal", "LifecycleEvents", "Presenters/Headless", "Presenters", "Basics", "Primitives"},
    "Tree": {"Guards", "Time", "Events", "Environment", "Runtime", "Internal", "LifecycleEvents", "Presenters", "Basics", "Primitives"},
    "Guards": {"Time", "Environment", "Runtime", "Internal", "LifecycleEvents", "Presenters", "Basics", "Primitives"},
    "Time": {"Environment", "Runtime", "Internal", "LifecycleEvents", "Presenters", "Basics", "Primitives"},
    "Events": {"Runtime", "Internal", "LifecycleEvents", "Presenters", "Basics", "Primitives"},
    "Environment": {"Runtime", "Internal", "LifecycleEvents", "Presenters", "Basics", "Primitives"},
    "Runtime": {"Internal", "LifecycleEvents", "Presenters/Headless", "Presenters", "Basics", "Primitives"},
    "Internal": {"LifecycleEvents", "Presenters", "Basics", "Primitives"},
    "LifecycleEvents": {"Presenters", "Basics", "Primitives"},
    "Presenters/Headless": {"Presenters", "Basics", "Primitives"},
    "Presenters": {"Basics", "Primitives"},
    "Basics": {"Primitives"},
    "Primitives": set(),
}
LAYERS = list(ALLOWED)

root = pathlib.Path(__file__).resolve().parent.parent / "Sources" / "Coordinators"
declaration = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|fileprivate|private|final|indirect)\s+)*"
    r"(?:struct|class|enum|protocol|actor|typealias|func)\s+(\w+)",
    re.MULTILINE,
)


def layer_of(path: pathlib.Path) -> str:
    relative = path.relative_to(root).parent.as_posix()
    for layer in sorted(LAYERS, key=len, reverse=True):
        if relative == layer or relative.startswith(layer + "/"):
            return layer
    sys.exit(f"error: {path.relative_to(root)} is in no layer; add its folder to ALLOWED and ARCHITECTURE.md")


def code_of(text: str) -> str:
    text = re.sub(r'"""(?:.|\n)*?"""', '""', text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    return re.sub(r"//.*", "", text)


files = sorted(root.rglob("*.swift"))
declared: dict[str, str] = {}
for path in files:
    for name in declaration.findall(code_of(path.read_text())):
        declared.setdefault(name, layer_of(path))

problems = []
for path in files:
    layer = layer_of(path)
    allowed = ALLOWED[layer] | {layer}
    code = code_of(path.read_text())
    for name, home in sorted(declared.items()):
        if home not in allowed and re.search(rf"\b{name}\b", code):
            problems.append(f"{path.relative_to(root)} ({layer}) uses {name} from {home}, which {layer} may not use")

if problems:
    print("\n".join(problems))
    print(f"error: {len(problems)} dependencies run against the layers (see ARCHITECTURE.md)", file=sys.stderr)
    sys.exit(1)
print(f"layers: {len(files)} files in {len(LAYERS)} layers; every dependency runs one way")
