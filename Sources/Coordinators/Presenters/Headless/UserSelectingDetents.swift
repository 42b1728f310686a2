/// A headless presenter whose sheet a person can drag from one detent to another.
/// `ModalPresenter` (its top sheet) and `ModalNavigationPresenter` (its modal) adopt it; the
/// test kit's `dragSheet(to:on:)` takes any that does.
public protocol UserSelectingDetents: HeadlessPresenter {
    /// Does what a person dragging the sheet to `detent` does: the presentation reports the
    /// change (`Presentation.reportDetentChange(_:)`), which its coordinator observes, and the
    /// presenter counts it as a change of its own (`revision`, Observation); the detent is
    /// read from the presentation (`selectedDetent`). Returns `false` if the sheet rests there
    /// already.
    ///
    /// Throws `CoordinatorError` `nothingToDismiss` if no sheet is shown, `noSuchDetent` if
    /// the sheet's options do not list `detent`.
    @discardableResult
    func userSelectDetent(_ detent: SheetDetents.Detent) throws(CoordinatorError) -> Bool
}

extension ModalPresenter: UserSelectingDetents {}
extension ModalNavigationPresenter: UserSelectingDetents {}
