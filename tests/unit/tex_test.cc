// decode_tex: the TeX found in arXiv titles, abstracts and author lists.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "paperdex/common/tex.h"
#include "paperdex/common/utf8.h"

using paperdex::decode_tex;

namespace {

struct Case {
  const char* tex;
  const char* expected;
};

void check_cases(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    INFO("input: " << c.tex);
    CHECK(decode_tex(c.tex) == c.expected);
  }
}

}  // namespace

TEST_CASE("decode_tex: accents in every argument form", "[tex]") {
  check_cases({
      {R"(Bj\"{o}rn)", "Björn"},
      {R"(Bj\"orn)", "Björn"},
      {R"(Bj{\"o}rn)", "Björn"},
      {R"(biH\"{o}lder)", "biHölder"},
      {R"(Bj\" orn)", "Björn"},
      {R"(\'e \`a \^o \~n \=a \.z)", "é à ô ñ ā ż"},
      {R"(\u{a} \v{c} \H{o} \c{c} \k{a} \r{a} \d{o} \b{b})", "ă č ő ç ą å ọ ḇ"},
      {R"(\v c \c c \H o)", "č ç ő"},
      {R"(Erd\H{o}s, \v{C}ech, \'{E}cole, Bal\'azs, Ha\c{c}\i{}balao\u{g}lu)",
       "Erdős, Čech, École, Balázs, Haçıbalaoğlu"},
      {R"(\"{\i} \'\i \^{\i} \"\i rgen)", "ï íî ïrgen"},  // \i eats a space, as in TeX
      {R"(\'{A}lvaro \~{N} \"U)", "Álvaro Ñ Ü"},
      // No precomposed form: the combining mark follows the letter.
      {R"(\v{x})", "x\u030C"},
      // Accents take letters only: anything else is left alone.
      {R"(\'1)", "1"},
      {R"(\"{})", ""},
  });
}

TEST_CASE("decode_tex: letters of European names", "[tex]") {
  check_cases({
      {R"(\ss \o \O \ae \AE \oe \OE \l \L \aa \AA \i \j)", "ßøØæÆœŒłŁåÅıȷ"},
      {R"(Stra\ss e)", "Straße"},
      {R"(Ar{\i}kan)", "Arıkan"},
      {R"(\L ukasiewicz and {\L}ojasiewicz)", "Łukasiewicz and Łojasiewicz"},
      {R"(H{\aa}stad, Kj{\ae}rgaard, S{\o}ren, Ho{\l}owa)", "Håstad, Kjærgaard, Søren, Hołowa"},
      {R"(Ka{â}niche)", "Kaâniche"},
  });
}

TEST_CASE("decode_tex: formatting commands keep their argument", "[tex]") {
  check_cases({
      {R"(\emph{x})", "x"},
      {R"(\textbf{bold} \textit{it} \texttt{tt} \textsc{Sc})", "bold it tt Sc"},
      {R"($\mathrm{d}x$ $\mathcal{O}(n)$ $\mathbb{R}$ $\text{if}$)", "dx O(n) R if"},
      {R"({\em word} {\bf word} {\it word})", "word word word"},
      {R"(non\-linear)", "nonlinear"},
      {R"(\href{http://x.org}{site})", "http://x.org site"},
  });
}

TEST_CASE("decode_tex: dashes, escapes, ties, braces", "[tex]") {
  check_cases({
      {"2015--2020", "2015–2020"},
      {"a---b", "a—b"},
      {"a----b", "a—-b"},
      {"a-----b", "a—–b"},
      {"GPT-2", "GPT-2"},
      // -{}- is TeX for two hyphens; kept from becoming "--" (idempotence).
      {"-{}-", "-\u2010"},
      {R"(59.1\% \& \# \_ a\_b)", "59.1% & # _ a_b"},
      {R"(\$5)", "＄5"},
      {"a~b", "a b"},
      {"{{a}}b}", "ab"},
      {R"(\{x\})", "x"},
      {R"(line\\break)", "line break"},
      {R"(a\,b a\ b)", "a b a b"},
      {R"(\~{}user)", "∼user"},
  });
}

TEST_CASE("decode_tex: math keeps its words and numbers", "[tex]") {
  check_cases({
      {R"($1.80\times$)", "1.80×"},
      {R"($(k,\ell)$)", "(k,ℓ)"},
      {R"($10^2$)", "10 2"},
      {R"($10^{-3}$)", "10-3"},
      {R"($O(n^2)$)", "O(n 2)"},
      {R"(TiO$_2$ and $H_2O$ and $T_c$)", "TiO2 and H2O and Tc"},
      {R"($\ell_1$)", "ℓ1"},
      {R"($\alpha\beta$)", "α β"},
      {R"($n\log n$ $\log_2 n$)", "n log n log2 n"},
      {R"($\mu$m and $k$-means)", "μm and k-means"},
      {R"($\frac{1}{2}$)", "1 2"},
      {R"($\{0,1\}^n$)", "0,1 n"},
      {R"($$E=mc^2$$)", "E=mc 2"},
      {R"(\(x\) and \[y\])", "x and y"},
      {R"($a \leq b \geq c \neq d \approx e \to f \infty \cdot \pm$)",
       "a ≤ b ≥ c ≠ d ≈ e → f ∞ · ±"},
      {R"($\alpha \beta \gamma \delta \epsilon \varepsilon \lambda \pi \sigma \omega$)",
       "α β γ δ ε ε λ π σ ω"},
      {R"($\Gamma \Delta \Theta \Lambda \Sigma \Phi \Psi \Omega$)", "Γ Δ Θ Λ Σ Φ Ψ Ω"},
      {R"($x \in X \subseteq Y$, $\forall \epsilon > 0$)", "x ∈ X ⊆ Y, ∀ ε > 0"},
      {R"($\left( x \right)$)", "( x )"},
      {R"($\hat{x}$ $\tilde x$ $\sqrt{n}$)", "x x √n"},
      // Text-mode accents are someone's own macros in math: \d x is not ẋ̣.
      {R"($\int f \d x$)", "∫ f x"},
  });
}

TEST_CASE("decode_tex: unknown commands and references", "[tex]") {
  check_cases({
      {R"(\foo{bar})", "bar"},
      {R"(a \quad b)", "a b"},
      {R"(n\quad m)", "n m"},
      {R"(see \cite{key} and \cite[p.~3]{a,b}.)", "see  and ."},
      {R"(\begin{itemize}x\end{itemize})", "x"},
      {R"(\label{eq:1}\ref{fig}\eqref{e})", ""},
      {R"(\LaTeX\ and \TeX)", "LaTeX and TeX"},
      {R"(\noindent The)", "The"},
  });
}

TEST_CASE("decode_tex: malformed input never crashes", "[tex]") {
  check_cases({
      {"", ""},
      {"\\", ""},
      {"a\\", "a"},
      {"{{{", ""},
      {"}}}a", "a"},
      {"$", ""},
      {"$x", "x"},
      {"\\\"", ""},
      {"\\\"{", ""},
      {"\\v", ""},
      {"\\cite{unclosed", ""},
      {"\\cite[unclosed", ""},
      {"\\cite{a\\", ""},
      {"\\cite{a\\}b}c", "c"},
      {"\\^", ""},
      {"\\'\\", ""},
      {"-", "-"},
      {"^_", "^_"},
  });
  // Every prefix of a command-heavy string: the decoder must cope with input
  // cut anywhere.
  const std::string text =
      R"(Bj\"{o}rn $\frac{1}{2}\times 10^{-3}$ \cite[x]{y} {\"\i} \v{C}ech -- \emph{x)";
  for (std::size_t n = 0; n <= text.size(); ++n) {
    INFO("prefix length " << n);
    CHECK_NOTHROW(decode_tex(text.substr(0, n)));
  }
}

TEST_CASE("decode_tex: output holds nothing it would decode again", "[tex]") {
  const std::vector<std::string> inputs = {
      R"(\$5 and \$6)",
      R"($\{0,1\}$ {a}{b})",
      "-{}-{}-",
      R"(a\~{}b ~ $x$)",
      R"(\textasciitilde\textbackslash)",
      R"($a--b$ $$c$$)",
      R"(\"{}\'{} x^2_3)",
  };
  for (const std::string& input : inputs) {
    INFO("input: " << input);
    const std::string once = decode_tex(input);
    CHECK(decode_tex(once) == once);
  }
}

TEST_CASE("decode_tex: random TeX-like input", "[tex]") {
  const std::vector<std::string> pieces = {
      "\\",      "{",     "}",   "$",   "$$",  "~",   "-",      "--",     "^",
      "_",       "\\\"",  "\\'", "\\v", "\\c", "\\i", "\\emph", "\\cite", "\\alpha",
      "\\times", "\\foo", "a",   "o",   "1",   " ",   "é",      "[",      "]",
      "\\\\",    "\\$",   "\\{", "\\(", "\\)", "%",   "\\~",    "\\ss",   "\\log",
      "x",       "``",    "''",  "'",   "`"};
  std::mt19937 random(7);
  std::uniform_int_distribution<std::size_t> piece(0, pieces.size() - 1);
  std::uniform_int_distribution<int> length(1, 16);
  for (int i = 0; i < 20000; ++i) {
    std::string input;
    for (int n = length(random); n > 0; --n) input += pieces[piece(random)];
    INFO("input: " << input);
    const std::string once = decode_tex(input);
    REQUIRE(paperdex::is_valid_utf8(once));
    REQUIRE(once.find_first_of("\\{}$~") == std::string::npos);
    REQUIRE(once.find("--") == std::string::npos);
    REQUIRE(decode_tex(once) == once);
  }
}

TEST_CASE("decode_tex: TeX's ``quotes'' become the curly quotes they print", "[tex]") {
  check_cases({
      {"a ``fallback and bypass'' approach", "a \u201Cfallback and bypass\u201D approach"},
      {"Centre ``Kurchatov\n  Institute''", "Centre \u201CKurchatov\n  Institute\u201D"},
      // A lone quote, an apostrophe and a prime stay as they are; a double
      // prime is the one character, so that decoding again changes nothing.
      {"don't `x' $f''(x)$", "don't `x' f\u2033(x)"},
      // A stray $ leaves the rest "in math": `` still opens a quote there.
      {"X = (x_0)$ that ``approximate'' f", "X = (x_0) that \u201Capproximate\u201D f"},
  });
}
