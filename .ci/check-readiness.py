#!/usr/bin/env python3
"""Checks that no async API of the runtime is left out of the readiness rule.

The rule (Guides/Routing.md, "When a coordinator is ready"): a coordinator is ready for links
once its start() first waits on the runtime. Every wait the library offers must make its
coordinator ready (`Node.acceptRoutes`), and a new one is easy to forget. So every public
declaration of Sources/Coordinators (outside the headless presenters) whose signature says
`async` is listed here, once, as one of:

- WAITS: a wait on the runtime, with the case of `ReadinessRuleTests.Wait` that checks it
  (the test fails if the wait does not make its coordinator ready);
- NOT_WAITS: not a wait of a coordinator on the runtime, with the reason.

A public async declaration found in neither fails the check, naming where it is and what to
do; so does a listed one that no longer exists, or a WAITS case missing from the test.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ROOT / "Sources" / "Coordinators"
TEST = ROOT / "Tests" / "CoordinatorsTests" / "Routing" / "ReadinessRuleTests.swift"

# (file under Sources/Coordinators, declaration name) -> ReadinessRuleTests.Wait case
WAITS = {
    ("Runtime/Flow.swift", "finished"): "finished",
    ("Runtime/Flow+Asking.swift", "ask"): "ask",
    ("Time/Flow+AskingWithTimeout.swift", "ask"): "askWithTimeout",
    ("Runtime/FormSteps.swift", "ask"): "form",
    ("Time/Flow+Run.swift", "run"): "run",
    ("Time/Flow+Run.swift", "runForOutcome"): "runForOutcome",
    ("Runtime/ChildFlow.swift", "value"): "childValue",
    ("Runtime/ChildFlow.swift", "outcome"): "childOutcome",
    ("Runtime/ChildGroup.swift", "next"): "childGroup",
    ("Runtime/Flow+ChildGroup.swift", "withChildGroup"): "childGroup",
    ("Time/Flow+Race.swift", "race"): "race",
    ("Time/Flow+Race.swift", "raceForOutcome"): "raceForOutcome",
    ("Events/Flow+FlowEvents.swift", "send"): "send",
    ("Guards/Flow+Guarding.swift", "guarding"): "guarding",
    ("Presenters/Presentation.swift", "dismissal"): "dismissal",
}

NOT_WAITS = {
    ("Runtime/Flow+Presenting.swift", "present"): "sets up: shows a screen",
    ("Runtime/Flow+Presenting.swift", "dismiss"): "sets up: removes a screen",
    ("Runtime/Flow+Stack.swift", "setStack"): "sets up: replaces a stack",
    ("Runtime/Flow+Form.swift", "form"): "runs its body; its steps (FormSteps.ask) are the waits",
    ("Routing/Routable+Navigation.swift", "go"): "sets up: a route's move",
    ("Routing/Flow+HoldingRoutes.swift", "holdingRoutes"): "the hold itself: runs its body unready",
    ("Routing/Routable+Links.swift", "open"): "a link, which waits for others' readiness",
    ("Routing/CoordinatorTree+Links.swift", "open"): "the tree's, not a coordinator's",
    ("Routing/Restoring.swift", "restore"): "the tree's, not a coordinator's",
    ("Routing/Destination.swift", "child"): "takes an async handler; waits for nothing",
    ("Tree/CoordinatorTree.swift", "run"): "the tree's, not a coordinator's",
    ("Tree/CoordinatorTree.swift", "runForOutcome"): "the tree's, not a coordinator's",
    ("Runtime/Coordinator.swift", "perform"): "the coordinator's own action, which its router calls",
    ("Router/RouterRequest.swift", "value"): "a screen's request, awaited by the screen",
    ("Router/RouterRequest.swift", "result"): "a screen's request, awaited by the screen",
    ("Events/Coordinator+FlowEvents.swift", "onFlowEvent"): "registers an async handler; waits for nothing",
    ("LifecycleEvents/LifecycleEvents.swift", "next"): "an observer's, not a coordinator's",
    ("Presenters/Presenter.swift", "transition"): "the presenter's side of the contract",
    ("Presenters/StackPresenter.swift", "transition"): "the presenter's side of the contract",
    ("Presenters/StackPresenter.swift", "popToRoot"): "the presenter's side of the contract",
    ("Presenters/TabBarPresenter.swift", "selectTab"): "sets up: selects a tab",
    ("Presenters/Presentation+Confirmation.swift", "setUserDismissalConfirmation"): "registers an async confirmation",
    ("Presenters/Presentation+Confirmation.swift", "confirmUserDismissal"): "a presenter's, for a person's gesture",
    ("Presenters/Presentation+Detents.swift", "waitForDetent"): "a presenter's or a test's, for a person's drag",
}


def public_async_declarations():
    found = set()
    for path in sorted(SOURCES.rglob("*.swift")):
        relative = path.relative_to(SOURCES).as_posix()
        if relative.startswith("Presenters/Headless/"):
            continue  # the headless presenters' own API: presenters, not coordinators
        text = path.read_text()
        for match in re.finditer(r"^[ \t]*public\b[^\n]*?\b(?:func|var)\s+(\w+)", text, re.M):
            rest = text[match.start():]
            brace = rest.find("{")
            # A function says `async` before its body; a property in its accessor (`get async`).
            signature = rest[: brace + 40] if brace >= 0 else rest
            if re.search(r"\basync\b", signature):
                found.add((relative, match.group(1)))
    return found


def main():
    errors = []
    found = public_async_declarations()
    listed = set(WAITS) | set(NOT_WAITS)
    for item in sorted(found - listed):
        errors.append(
            f"Sources/Coordinators/{item[0]}: public async `{item[1]}` is not classified. If a coordinator waits "
            "on the runtime there, make it call Node.acceptRoutes() before it suspends and add it to WAITS with a "
            "case of ReadinessRuleTests.Wait; otherwise add it to NOT_WAITS with the reason (.ci/check-readiness.py)."
        )
    for item in sorted(listed - found):
        errors.append(f"Sources/Coordinators/{item[0]}: `{item[1]}` is listed in .ci/check-readiness.py but not found.")
    test = TEST.read_text()
    enum = re.search(r"enum Wait\b[^{]*\{(.*?)\n    \}", test, re.S)
    cases = set(re.findall(r"case ([\w, ]+)", enum.group(1))) if enum else set()
    names = {name.strip() for group in cases for name in group.split(",")}
    for item, case in sorted(WAITS.items()):
        if case not in names:
            errors.append(f"ReadinessRuleTests.Wait has no case `{case}` for Sources/Coordinators/{item[0]} `{item[1]}`.")
    if errors:
        print("\n".join(f"error: {error}" for error in errors), file=sys.stderr)
        sys.exit(1)
    print(f"readiness: {len(found)} public async declarations; {len(WAITS)} waits, each with its test case")


main()
