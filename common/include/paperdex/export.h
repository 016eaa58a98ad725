/// @file
/// PAPERDEX_API marks the symbols the shared libraries export.
///
/// The libraries are built with -fvisibility=hidden, so only what carries
/// PAPERDEX_API is part of the ABI: the query parser, the Analyzer and the
/// other internals stay private and can change between releases without
/// breaking programs linked against an older build. A function or class added
/// to an installed header needs PAPERDEX_API, or embedders cannot link it.
#pragma once

/// Marks a class or function as part of the shared libraries' ABI.
#if defined(_WIN32) || defined(__CYGWIN__)
#define PAPERDEX_API
#elif defined(__GNUC__) || defined(__clang__)
#define PAPERDEX_API __attribute__((visibility("default")))
#else
#define PAPERDEX_API
#endif
