import Waterfall
import WaterfallX11

/// The grid zoom's state (PhotoWall+GridZoom.swift): the columns of the next step laid out ahead, and what one
/// step holds back or leaves to polish.
struct GridZoom {
    /// Whether new decoding and scaling wait for the next turn: while a grid zoom's step is laid out and drawn, so
    /// that its frame has the cores to itself.
    var isHoldingPictureWork = false
    /// The photo a zoom at the pointer keeps at the pointer's height, and where the pointer was then.
    var lastGridZoom: (item: ItemPath, point: Point)?
    /// The columns of the next zoom step either way, laid out ahead.
    let columnsAhead: ColumnsAhead
    /// The columns given to the layout from `columnsAhead` since the last `layout` event, by section.
    var columnsGivenAhead: [(section: Int, columns: WaterfallLayout)] = []
    /// Whether the columns ahead are to be laid out again after the next frame.
    var isColumnsAheadScheduled = false
    /// Draws the cards a zoom step drew crisply smooth again, once the steps pause.
    var standInPolish: TimerToken?

    /// The state of a wall whose columns ahead `columnsAhead` lays out.
    init(columnsAhead: ColumnsAhead) {
        self.columnsAhead = columnsAhead
    }
}
