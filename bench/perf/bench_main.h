// How the benchmark programs end on an error: "PROGRAM: message" on stderr
// and exit 2, whether Xapian or the standard library threw. Exit 1 stays free
// for a program's own check failing (paperdex-stored-record-bench).
#pragma once

#include <exception>
#include <iostream>

#include <xapian.h>

namespace paperdex::bench {

// Runs `body` (returning the exit status) and reports what it throws.
template <typename Body>
int run_reporting_errors(const char* program, Body&& body) {
  try {
    return body();
  } catch (const Xapian::Error& error) {
    std::cerr << program << ": " << error.get_description() << '\n';
  } catch (const std::exception& error) {
    std::cerr << program << ": " << error.what() << '\n';
  }
  return 2;
}

}  // namespace paperdex::bench
