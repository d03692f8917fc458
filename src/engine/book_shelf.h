#ifndef LIFELINE_ENGINE_BOOK_SHELF_H_
#define LIFELINE_ENGINE_BOOK_SHELF_H_

#include <map>
#include <memory>
#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "book/opening_book.h"
#include "core/rules.h"

namespace lifeline {

// The opening maps of one folder, one file per base and rule (OpeningMapFileName), each read
// at its first use and kept. A file that is missing or cannot be read is asked for again the
// next time, so that a map put in place or mended later is found without a restart.
class BookShelf {
 public:
  explicit BookShelf(std::string folder) : folder_(std::move(folder)) {}

  const std::string& folder() const { return folder_; }
  absl::StatusOr<std::shared_ptr<const OpeningBook>> For(int base, Balancing balancing);

 private:
  std::string folder_;
  std::map<std::pair<int, Balancing>, std::shared_ptr<const OpeningBook>> loaded_;
};

}  // namespace lifeline

#endif  // LIFELINE_ENGINE_BOOK_SHELF_H_
