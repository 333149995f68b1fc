/// How Ultimate's cells are numbered. Like every variant's, a cell is a row-major index on
/// the whole grid, here 9×9 (0–80, 0 top-left, 8 top-right, 80 bottom-right). The small
/// boards are numbered 0–8 row-major in the big board, and a cell within a small board
/// 0–8 row-major in it, as classic's cells are: index 40, the very centre, is cell 4 of
/// small board 4, and index 8 is cell 2 of small board 2.
public enum UltimateGrid {
    /// Cells on a side of the whole grid.
    public static let side = 9

    /// The small board (0–8) that grid cell `index` lies in.
    public static func smallBoard(of index: Int) -> Int {
        index / side / 3 * 3 + index % side / 3
    }

    /// The position (0–8) of grid cell `index` within its small board, which is also the
    /// small board the move sends the opponent to.
    public static func cellInSmallBoard(of index: Int) -> Int {
        index / side % 3 * 3 + index % side % 3
    }

    /// The grid index of cell `cell` (0–8) of small board `smallBoard` (0–8).
    public static func index(smallBoard: Int, cell: Int) -> Int {
        (smallBoard / 3 * 3 + cell / 3) * side + smallBoard % 3 * 3 + cell % 3
    }

    /// The nine grid cells of `smallBoard`, in ascending order.
    public static func cells(ofSmallBoard smallBoard: Int) -> [Int] {
        (0..<9).map { index(smallBoard: smallBoard, cell: $0) }
    }
}
