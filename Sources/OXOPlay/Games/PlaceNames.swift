/// The words for a place on a 3×3 board, classic's cells and Ultimate's small boards
/// alike, that every client can show.
enum PlaceNames {
    /// "top-left", "centre", "bottom-right" for 0–8, row-major.
    static func onThreeByThree(_ index: Int) -> String {
        let row = ["top", "middle", "bottom"][index / 3], column = ["left", "centre", "right"][index % 3]
        return row == "middle" && column == "centre" ? "centre" : "\(row)-\(column)"
    }
}
