#include "tex_commands.h"

#include <unordered_map>

namespace paperdex::tex {
namespace {

constexpr Command symbol(std::string_view name, std::string_view text) {
  return {name, CommandKind::kSymbol, text, 0};
}
constexpr Command word(std::string_view name, std::string_view text) {
  return {name, CommandKind::kWord, text, 0};
}
constexpr Command letter(std::string_view name, std::string_view text) {
  return {name, CommandKind::kLetter, text, 0};
}
constexpr Command accent(std::string_view name, char32_t mark) {
  return {name, CommandKind::kAccent, {}, mark};
}
constexpr Command text_accent(std::string_view name, char32_t mark) {
  return {name, CommandKind::kTextAccent, {}, mark};
}
constexpr Command format(std::string_view name) { return {name, CommandKind::kFormat, {}, 0}; }
constexpr Command drop_with_arg(std::string_view name) {
  return {name, CommandKind::kDropWithArg, {}, 0};
}

// Chosen from what arXiv abstracts and author lists actually contain (counted
// over the 2016 cs harvest): accents, the letters of European names, Greek,
// the common math symbols and operator names, and the formatting commands.
// Nothing emitted here may contain \ { } $ ~ or "--": prepare() must stay
// idempotent, so its output must hold nothing decode_tex would change again.
// (Packed: a table reads better than one entry per line.)
// clang-format off
constexpr Command kCommands[] = {
    // Accents. Control symbols work in math too (arXiv text is rarely real TeX).
    accent("\"", 0x0308), accent("'", 0x0301), accent("`", 0x0300), accent("^", 0x0302),
    accent("~", 0x0303), accent("=", 0x0304), accent(".", 0x0307),
    text_accent("u", 0x0306), text_accent("v", 0x030C), text_accent("H", 0x030B),
    text_accent("c", 0x0327), text_accent("k", 0x0328), text_accent("r", 0x030A),
    text_accent("d", 0x0323), text_accent("b", 0x0331),

    // Letters of European names.
    letter("ss", "ß"), letter("SS", "SS"), letter("o", "ø"), letter("O", "Ø"),
    letter("ae", "æ"), letter("AE", "Æ"), letter("oe", "œ"), letter("OE", "Œ"),
    letter("l", "ł"), letter("L", "Ł"), letter("aa", "å"), letter("AA", "Å"),
    letter("i", "ı"), letter("j", "ȷ"), letter("dh", "ð"), letter("DH", "Ð"),
    letter("th", "þ"), letter("TH", "Þ"), letter("ng", "ŋ"), letter("NG", "Ŋ"),
    letter("dj", "đ"), letter("DJ", "Đ"),

    // Greek.
    word("alpha", "α"), word("beta", "β"), word("gamma", "γ"), word("delta", "δ"),
    word("epsilon", "ε"), word("varepsilon", "ε"), word("zeta", "ζ"), word("eta", "η"),
    word("theta", "θ"), word("vartheta", "ϑ"), word("iota", "ι"), word("kappa", "κ"),
    word("lambda", "λ"), word("mu", "μ"), word("nu", "ν"), word("xi", "ξ"),
    word("omicron", "ο"), word("pi", "π"), word("varpi", "ϖ"), word("rho", "ρ"),
    word("varrho", "ϱ"), word("sigma", "σ"), word("varsigma", "ς"), word("tau", "τ"),
    word("upsilon", "υ"), word("phi", "φ"), word("varphi", "φ"), word("chi", "χ"),
    word("psi", "ψ"), word("omega", "ω"), word("Gamma", "Γ"), word("Delta", "Δ"),
    word("Theta", "Θ"), word("Lambda", "Λ"), word("Xi", "Ξ"), word("Pi", "Π"),
    word("Sigma", "Σ"), word("Upsilon", "Υ"), word("Phi", "Φ"), word("Psi", "Ψ"),
    word("Omega", "Ω"), word("varGamma", "Γ"), word("varDelta", "Δ"), word("varTheta", "Θ"),
    word("varLambda", "Λ"), word("varXi", "Ξ"), word("varPi", "Π"), word("varSigma", "Σ"),
    word("varUpsilon", "Υ"), word("varPhi", "Φ"), word("varPsi", "Ψ"), word("varOmega", "Ω"),

    // Letter-like symbols: Unicode letters, so they would glue onto neighbours.
    word("ell", "ℓ"), word("hbar", "ℏ"), word("hslash", "ℏ"), word("aleph", "ℵ"),
    word("beth", "ℶ"), word("Re", "ℜ"), word("Im", "ℑ"), word("wp", "℘"),
    word("imath", "ı"), word("jmath", "ȷ"),

    // Operator names and logos print as words.
    word("log", "log"), word("ln", "ln"), word("lg", "lg"), word("exp", "exp"),
    word("sin", "sin"), word("cos", "cos"), word("tan", "tan"), word("cot", "cot"),
    word("sec", "sec"), word("csc", "csc"), word("sinh", "sinh"), word("cosh", "cosh"),
    word("tanh", "tanh"), word("coth", "coth"), word("arcsin", "arcsin"),
    word("arccos", "arccos"), word("arctan", "arctan"), word("max", "max"), word("min", "min"),
    word("sup", "sup"), word("inf", "inf"), word("lim", "lim"), word("limsup", "lim sup"),
    word("liminf", "lim inf"), word("det", "det"), word("dim", "dim"), word("ker", "ker"),
    word("deg", "deg"), word("arg", "arg"), word("gcd", "gcd"), word("hom", "hom"),
    word("Pr", "Pr"), word("mod", "mod"), word("bmod", "mod"), word("pmod", "mod"),
    word("poly", "poly"), word("polylog", "polylog"), word("TeX", "TeX"),
    word("LaTeX", "LaTeX"), word("LaTeXe", "LaTeX2e"), word("BibTeX", "BibTeX"),

    // Math symbols.
    symbol("times", "×"), symbol("cdot", "·"), symbol("div", "÷"), symbol("pm", "±"),
    symbol("mp", "∓"), symbol("leq", "≤"), symbol("le", "≤"), symbol("leqslant", "≤"),
    symbol("geq", "≥"), symbol("ge", "≥"), symbol("geqslant", "≥"), symbol("neq", "≠"),
    symbol("ne", "≠"), symbol("approx", "≈"), symbol("sim", "∼"), symbol("simeq", "≃"),
    symbol("cong", "≅"), symbol("equiv", "≡"), symbol("propto", "∝"), symbol("asymp", "≍"),
    symbol("lesssim", "≲"), symbol("gtrsim", "≳"), symbol("ll", "≪"), symbol("gg", "≫"),
    symbol("prec", "≺"), symbol("succ", "≻"), symbol("preceq", "⪯"), symbol("succeq", "⪰"),
    symbol("triangleq", "≜"), symbol("infty", "∞"), symbol("to", "→"),
    symbol("rightarrow", "→"), symbol("leftarrow", "←"), symbol("gets", "←"),
    symbol("leftrightarrow", "↔"), symbol("Rightarrow", "⇒"), symbol("Leftarrow", "⇐"),
    symbol("Leftrightarrow", "⇔"), symbol("iff", "⇔"), symbol("implies", "⇒"),
    symbol("longrightarrow", "⟶"), symbol("longleftarrow", "⟵"), symbol("mapsto", "↦"),
    symbol("longmapsto", "⟼"), symbol("hookrightarrow", "↪"), symbol("leadsto", "⇝"),
    symbol("uparrow", "↑"), symbol("downarrow", "↓"), symbol("in", "∈"), symbol("notin", "∉"),
    symbol("ni", "∋"), symbol("subset", "⊂"), symbol("subseteq", "⊆"),
    symbol("subsetneq", "⊊"), symbol("supset", "⊃"), symbol("supseteq", "⊇"),
    symbol("nsubseteq", "⊈"), symbol("sqsubseteq", "⊑"), symbol("cup", "∪"),
    symbol("cap", "∩"), symbol("bigcup", "⋃"), symbol("bigcap", "⋂"), symbol("sqcup", "⊔"),
    symbol("sqcap", "⊓"), symbol("uplus", "⊎"), symbol("setminus", "∖"),
    symbol("backslash", "∖"), symbol("emptyset", "∅"), symbol("varnothing", "∅"),
    symbol("forall", "∀"), symbol("exists", "∃"), symbol("nexists", "∄"), symbol("neg", "¬"),
    symbol("lnot", "¬"), symbol("wedge", "∧"), symbol("land", "∧"), symbol("vee", "∨"),
    symbol("lor", "∨"), symbol("bigwedge", "⋀"), symbol("bigvee", "⋁"), symbol("partial", "∂"),
    symbol("nabla", "∇"), symbol("sum", "∑"), symbol("prod", "∏"), symbol("coprod", "∐"),
    symbol("int", "∫"), symbol("iint", "∬"), symbol("oint", "∮"), symbol("sqrt", "√"),
    symbol("surd", "√"), symbol("circ", "∘"), symbol("bullet", "•"), symbol("star", "⋆"),
    symbol("ast", "∗"), symbol("oplus", "⊕"), symbol("ominus", "⊖"), symbol("otimes", "⊗"),
    symbol("odot", "⊙"), symbol("bigoplus", "⨁"), symbol("bigotimes", "⨂"),
    symbol("rtimes", "⋊"), symbol("ltimes", "⋉"), symbol("wr", "≀"), symbol("dagger", "†"),
    symbol("ddagger", "‡"), symbol("dag", "†"), symbol("ddag", "‡"), symbol("perp", "⊥"),
    symbol("bot", "⊥"), symbol("top", "⊤"), symbol("parallel", "∥"), symbol("mid", "∣"),
    symbol("nmid", "∤"), symbol("vert", "|"), symbol("Vert", "‖"), symbol("langle", "⟨"),
    symbol("rangle", "⟩"), symbol("lceil", "⌈"), symbol("rceil", "⌉"), symbol("lfloor", "⌊"),
    symbol("rfloor", "⌋"), symbol("ldots", "…"), symbol("dots", "…"), symbol("dotsc", "…"),
    symbol("dotsb", "⋯"), symbol("cdots", "⋯"), symbol("vdots", "⋮"), symbol("ddots", "⋱"),
    symbol("prime", "′"), symbol("vdash", "⊢"), symbol("models", "⊨"), symbol("angle", "∠"),
    symbol("triangle", "△"), symbol("square", "□"), symbol("Box", "□"),
    symbol("diamond", "⋄"), symbol("Diamond", "◇"), symbol("sharp", "♯"),
    symbol("flat", "♭"), symbol("natural", "♮"), symbol("colon", ":"), symbol("slash", "/"),
    symbol("intercal", "⊺"), symbol("blacktriangle", "▴"),

    // Text symbols.
    symbol("textendash", "–"), symbol("textemdash", "—"), symbol("textquoteleft", "‘"),
    symbol("textquoteright", "’"), symbol("textquotedblleft", "“"),
    symbol("textquotedblright", "”"), symbol("guillemotleft", "«"),
    symbol("guillemotright", "»"), symbol("textless", "<"), symbol("textgreater", ">"),
    symbol("textbar", "|"), symbol("textbackslash", "∖"), symbol("textasciitilde", "∼"),
    symbol("textasciicircum", "^"), symbol("textunderscore", "_"), symbol("textdegree", "°"),
    symbol("degree", "°"), symbol("copyright", "©"), symbol("textcopyright", "©"),
    symbol("textregistered", "®"), symbol("texttrademark", "™"), symbol("pounds", "£"),
    symbol("textsterling", "£"), symbol("euro", "€"), symbol("texteuro", "€"),
    symbol("S", "§"), symbol("textsection", "§"), symbol("textbullet", "•"),
    symbol("textperiodcentered", "·"),

    // Formatting: the argument is the text.
    format("emph"), format("textbf"), format("textit"), format("textrm"), format("textsf"),
    format("texttt"), format("textsc"), format("textsl"), format("textup"), format("textmd"),
    format("textnormal"), format("text"), format("mbox"), format("hbox"), format("mathrm"),
    format("mathbf"), format("mathit"), format("mathsf"), format("mathtt"), format("mathcal"),
    format("mathbb"), format("mathbbm"), format("mathds"), format("mathfrak"),
    format("mathscr"), format("mathnormal"), format("boldsymbol"), format("bm"),
    format("operatorname"), format("underline"), format("overline"), format("hat"),
    format("widehat"), format("tilde"), format("widetilde"), format("bar"), format("vec"),
    format("dot"), format("ddot"), format("acute"), format("grave"), format("check"),
    format("breve"), format("mathring"), format("overrightarrow"), format("textsuperscript"),
    format("textsubscript"), format("url"), format("href"), format("t"), format("em"),
    format("it"), format("bf"), format("rm"), format("sf"), format("tt"), format("sc"),
    format("sl"), format("cal"), format("Bbb"), format("bold"), format("mathop"),
    format("mathord"), format("displaystyle"), format("textstyle"), format("boldmath"),

    // Not text: references, environments, spacing.
    drop_with_arg("cite"), drop_with_arg("citep"), drop_with_arg("citet"),
    drop_with_arg("citeauthor"), drop_with_arg("citeyear"), drop_with_arg("nocite"),
    drop_with_arg("ref"), drop_with_arg("eqref"), drop_with_arg("pageref"),
    drop_with_arg("label"), drop_with_arg("begin"), drop_with_arg("end"),
    drop_with_arg("vspace"), drop_with_arg("hspace"), drop_with_arg("color"),
    drop_with_arg("textcolor"), drop_with_arg("includegraphics"),
    drop_with_arg("bibliography"), drop_with_arg("bibliographystyle"),
};
// clang-format on

}  // namespace

const Command* find_command(std::string_view name) {
  static const std::unordered_map<std::string_view, const Command*> by_name = [] {
    std::unordered_map<std::string_view, const Command*> map;
    map.reserve(std::size(kCommands));
    for (const Command& command : kCommands) map.emplace(command.name, &command);
    return map;
  }();
  const auto found = by_name.find(name);
  return found == by_name.end() ? nullptr : found->second;
}

std::span<const Command> commands() { return kCommands; }

}  // namespace paperdex::tex
