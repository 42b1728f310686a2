// Wraps members of a coordinator of Guides/Environment.md, whose `run()` is the rest of
// its flow.
private actor Example: Coordinator {
    let flow = Flow<Void>()

    // EXAMPLE

    func run() async throws {}
}
