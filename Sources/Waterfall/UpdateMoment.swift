/// Which indices an update's path or count refers to: those before the update (deletes, reloads, move sources)
/// or those after it (inserts, move destinations, height invalidations).
public enum UpdateMoment: String, Hashable, Sendable {
    /// The indices before the update.
    case beforeUpdate = "before the update"
    /// The indices after the update.
    case afterUpdate = "after the update"
}
