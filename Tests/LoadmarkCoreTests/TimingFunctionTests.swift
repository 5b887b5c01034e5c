import Testing
import LoadmarkCore
@testable import LoadmarkEngine

/// Reference outputs computed independently with exact rational arithmetic
/// (80 bisection steps on the Bernstein form) from the float32-rounded
/// control points.
struct TimingFunctionTests {
  static let references: [(TimingFunction, [Double])] = [
    (.easeIn, [0.017026610491376114, 0.09346465401576336, 0.31535681876384836, 0.621861874648952, 0.8394278486655253]),
    (.easeOut, [0.16057215793233567, 0.37813813779209776, 0.6846431953073085, 0.9065353534772785, 0.9829733914172901]),
    (.easeInEaseOut, [0.019722454785955974, 0.12916193876118987, 0.5000000192687429, 0.8708380777564559, 0.9802775479642912]),
    (.default, [0.09479630620402775, 0.4085105919937359, 0.8024033878671197, 0.9604589784111195, 0.9943164774937993]),
  ]
  static let inputs = [0.1, 0.25, 0.5, 0.75, 0.9]

  @Test(arguments: 0..<4)
  func namedFunctionsMatchIndependentReference(_ index: Int) {
    let (function, expected) = Self.references[index]
    for (p, reference) in zip(Self.inputs, expected) {
      // x is solved to 1e-7; y moves by at most the slope (< 3) times that.
      #expect(abs(function(p) - reference) < 3e-7, "p = \(p)")
    }
  }

  @Test func controlPointsAreStoredAsFloat32() {
    #expect(TimingFunction.easeIn.x1 == 0.41999998688697815)
    #expect(TimingFunction.easeOut.x2 == 0.5799999833106995)
    #expect(TimingFunction.default.y1 == 0.10000000149011612)
    #expect(TimingFunction.default.x1 == 0.25)
    let exact = TimingFunction(exactControlPoints: 0.42, 0, 0.58, 1)
    #expect(exact.x1 == 0.42)
  }

  @Test func customControlPoints() {
    let custom = TimingFunction(exactControlPoints: 0.1, 0.7, 0.3, 0.95)
    #expect(abs(custom(0.2) - 0.6497970123240532) < 3e-7)
    #expect(abs(custom(0.5) - 0.8967848680892198) < 3e-7)
  }

  @Test func solverResidualIsWithinTolerance() {
    for function in [TimingFunction.easeIn, .easeOut, .easeInEaseOut, .default] {
      for step in 1..<100 {
        let x = Double(step) / 100
        let t = function.solveX(x)
        #expect(abs(function.sampleX(t) - x) < TimingFunction.tolerance)
      }
    }
  }

  @Test func linearIsExactAndInputIsClamped() {
    #expect(TimingFunction.linear(0.3) == 0.3)
    #expect(TimingFunction.linear(1.0 / 3) == 1.0 / 3)
    #expect(TimingFunction.easeOut(-0.5) == 0)
    #expect(TimingFunction.easeOut(1.5) == 1)
    #expect(TimingFunction.easeIn(0) == 0)
    #expect(TimingFunction.easeIn(1) == 1)
  }
}
