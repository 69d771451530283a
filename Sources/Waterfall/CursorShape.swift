/// The pointer's shape a view asks for at a point: the platform shows it from the user's cursor theme.
public enum CursorShape: String, Hashable, Sendable, CaseIterable {
    /// The desktop's default pointer (usually an arrow): over what a click does nothing to.
    case `default`
    /// A pointing hand: over what a click acts on, such as a selectable card or a retry.
    case pointingHand
    /// A busy pointer: the view is loading what it will show, and shows its loading view meanwhile.
    case busy
}
