extension Flow {
    /// Runs `body`, a form of steps asked one after another on `navigation`, which a person
    /// can go back through, and returns what `body` returns.
    ///
    /// ```swift
    /// let (name, age) = try await flow.form(on: navigation) { form in
    ///     let name = try await form.ask(NameScreen())                     // step 1
    ///     let age = try await form.ask { lastAge in AgeScreen(name: name, age: lastAge) }
    ///     return (name, age)
    /// }
    /// ```
    ///
    /// Each `form.ask` pushes its step on `navigation` and waits for its answer, like
    /// `ask(_:on:then:)` with `.keep`: answered steps stay on the stack. When a person pops
    /// the step that waits (a swipe back), or several steps at once (a long press on the back
    /// button), the form goes back to the step left on top, which still shows its last answer,
    /// and goes on from there: `body` is abandoned and run again from the start. The steps
    /// below that step return their answers at once, showing nothing; that step waits for a
    /// new answer on the screen it shows; the steps after it are pushed anew (one made with
    /// `ask(_:)`'s builder gets the last answer given there). No step still shown is pushed
    /// again, and none is dismissed and shown anew.
    ///
    /// So **`body` must be repeatable**: between steps, compute, but do not act (no network
    /// call, no analytics, no presenting). Do what the answers are for after the form
    /// returns. A run that asks other steps than the run before it, up to the step a person
    /// went back to, throws `CoordinatorError` `formNotRepeatable`.
    ///
    /// When the form returns, its steps stay on the stack, owned by this coordinator, as with
    /// `.keep`: push the next screen above them, or let them leave with the coordinator. A
    /// step popped after the form returned goes back to nothing: its answers are taken.
    ///
    /// If the form's first step is this coordinator's first presentation, it is its main
    /// one: popping it ends the coordinator as dismissed, as with `present`.
    ///
    /// Throws `FlowDismissed(.byUser)` when a person pops the form's first step, and
    /// `FlowDismissed` with the reason when a step leaves any other way (`flow.dismiss`, a pop
    /// or a new stack by another coordinator, a teardown): only a person's pop is a step back.
    /// Throws what `ask(_:on:then:)` throws, what `body` throws, and `CoordinatorError`
    /// `notInForm` for a step asked outside `body` (its handle kept past the form).
    ///
    /// Cancellation: the step waiting throws `CancellationError` (unless its answer had
    /// already arrived, which is then returned, and the next step throws), and so does the
    /// form, unless `body` catches it; later answers to its steps are refused (`notAsking`),
    /// and their screens stay until the coordinator ends, as with `.keep`.
    public nonisolated(nonsending) func form<Value>(
        on navigation: some StackPresenter, animated: Bool = true, file: String = #fileID, line: Int = #line,
        _ body: nonisolated(nonsending) (_ form: FormSteps) async throws -> Value
    ) async throws -> Value {
        let form = FormSteps(flow: self, navigation: navigation, animated: animated)
        defer { form.end() }
        while true {
            form.beginRun()
            do {
                let value = try await body(form)
                // A step back the body caught and went on from: run it again.
                if form.steppedBack { continue }
                try form.checkRunComplete()
                return value
            } catch {
                // Whatever the body made of the step back (a catch, another error): run it again.
                if form.steppedBack { continue }
                throw CoordinatorError.located(error, at: file, line)
            }
        }
    }
}
