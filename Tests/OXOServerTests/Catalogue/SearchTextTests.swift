@testable import OXOCore
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer
import Testing

/// How titles and searches are folded to words, and what counts as one typo: pure, and
/// the same for both databases.
@Suite("Search text")
struct SearchTextTests {
    @Test func titlesAreFoldedToPlainWords() {
        #expect(SearchText.words("Pokémon: Let's Go, Pikachu!") == ["pokemon", "lets", "go", "pikachu"])
        #expect(SearchText.words("HALF-LIFE 2") == ["half", "life", "2"])
        #expect(SearchText.words("Ōkami   ＨＤ") == ["okami", "hd"])
        #expect(SearchText.words("…!?") == [])
        #expect(SearchText.normalised("The Legend of Zelda: Breath of the Wild") == "the legend of zelda breath of the wild")
    }

    @Test func oneTypoIsOneLetterChangedAddedLeftOutOrTwoNeighboursSwapped() {
        for (a, b) in [("tetris", "tetris"), ("tetris", "tetrus"), ("tetris", "tetriss"), ("tetris", "tetis"),
                       ("minecraft", "minecarft"), ("zelda", "zeldq")] {
            #expect(SearchText.withinOneTypo(a, b) && SearchText.withinOneTypo(b, a), "\(a) \(b)")
        }
        for (a, b) in [("tetris", "tertsi"), ("tetris", "tet"), ("zelda", "zedla2"), ("mario", "maroi2"), ("abc", "cba")] {
            #expect(!SearchText.withinOneTypo(a, b), "\(a) \(b)")
        }
    }

    @Test func wordsOneTypoApartShareASpellingWithALetterLeftOut() {
        for (a, b) in [("tetris", "tetrus"), ("tetris", "tetriss"), ("minecraft", "minecarft")] {
            #expect(!SearchText.deletions(of: a).isDisjoint(with: SearchText.deletions(of: b)), "\(a) \(b)")
        }
        #expect(SearchText.deletions(of: "abc") == ["abc", "bc", "ac", "ab"])
    }

    @Test func entriesAreRefusedWithAReason() {
        let good = CatalogueEntry(source: "import", sourceID: "tetris", title: "Tetris", released: "1984-06-06",
                                  platforms: ["Game Boy"], genres: ["Puzzle"], developer: nil, summary: nil, coverImageID: nil)
        #expect(CatalogueRules.refusal(of: good) == nil)
        var bad = good
        bad.released = "1984-02-30"
        #expect(CatalogueRules.refusal(of: bad)?.contains("calendar day") == true)
        bad = good
        bad.title = "!!"
        #expect(CatalogueRules.refusal(of: bad) != nil)
        bad = good
        bad.coverImageID = "../x"
        #expect(CatalogueRules.refusal(of: bad) != nil)
    }

    @Test func aDrawnCoverShowsTheTitleAsTextOnly() {
        let svg = CatalogueCover.svg(title: "<script>alert(1)</script> & \"Friends\"")
        #expect(!svg.contains("<script>") && svg.contains("&lt;script&gt;") && svg.contains("&amp;"))
        #expect(CatalogueCover.lines(of: "The Legend of Zelda: Breath of the Wild", width: 14, count: 5)
                == ["The Legend of", "Zelda: Breath", "of the Wild"])
        #expect(CatalogueCover.url(title: "Half-Life 2", imageID: nil) == "/v1/catalogue/cover.svg?title=Half-Life%202")
        #expect(CatalogueCover.url(title: "Tetris", imageID: "co1r7f")
                == "https://images.igdb.com/igdb/image/upload/t_cover_big/co1r7f.jpg")
    }
}
