#include "engine/book_shelf.h"

#include <filesystem>
#include <system_error>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/check.h"

namespace lifeline {

absl::StatusOr<std::shared_ptr<const OpeningBook>> BookShelf::For(int base, Balancing balancing) {
  const auto key = std::make_pair(base, balancing);
  if (const auto at = loaded_.find(key); at != loaded_.end()) return at->second;
  const std::string path =
      (std::filesystem::path(folder_) / OpeningMapFileName(base, balancing)).string();
  std::error_code error;
  if (!std::filesystem::exists(path, error)) {
    return absl::NotFoundError(absl::StrCat("no opening map for base ", base, " under ",
                                            BalancingName(balancing), " (", path, ")"));
  }
  LL_ASSIGN_OR_RETURN(OpeningMap map, OpeningMap::Load(path));
  if (map.geometry().base() != base || map.balancing() != balancing) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": a map of base ", map.geometry().base(),
                                                   " under ", BalancingName(map.balancing()),
                                                   ", not of its name's"));
  }
  absl::StatusOr<OpeningBook> book = OpeningBook::Make(std::move(map));
  if (!book.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": ", book.status().message()));
  }
  auto shared = std::make_shared<const OpeningBook>(*std::move(book));
  loaded_.emplace(key, shared);
  return shared;
}

}  // namespace lifeline
