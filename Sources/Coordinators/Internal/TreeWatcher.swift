/// Learns of every coordinator a tree runs, before its `started` event: how the test kit
/// (`CoordinatorsTesting`) finds coordinators by type and checks that each was released.
/// Called in the task that begins to run the coordinator; keep it short and never block.
package protocol TreeWatcher: AnyObject, Sendable {
    /// `coordinator` begins to run as `id`.
    func coordinatorStarted(_ coordinator: any Sendable & AnyObject, id: CoordinatorID)
}
