#include "engines/part_messages.hpp"

#include <cstdint>
#include <cstring>


namespace levcl::detail {
namespace {
constexpr char kSent = 0, kFailed = 1;

std::string failed_bytes(const std::exception& error) {
  const Error* known = dynamic_cast<const Error*>(&error);
  const std::int32_t code = static_cast<std::int32_t>(known ? known->code() : ErrorCode::internal);
  std::string bytes(1 + sizeof code, kFailed);
  std::memcpy(bytes.data() + 1, &code, sizeof code);
  return bytes + error.what();
}

}  // namespace

std::string sent_bytes(std::string_view message) { return kSent + std::string(message); }

std::string_view message_of(const std::string& bytes, std::size_t from) {
  if (!bytes.empty() && bytes[0] == kSent) return std::string_view(bytes).substr(1);
  std::int32_t code = static_cast<std::int32_t>(ErrorCode::internal);
  const bool whole = bytes.size() > 1 + sizeof code && bytes[0] == kFailed;
  if (whole) std::memcpy(&code, bytes.data() + 1, sizeof code);
  throw Error(static_cast<ErrorCode>(code),
              "part " + std::to_string(from) + ": " + (whole ? bytes.substr(1 + sizeof code) : "a malformed message"));
}

void tell_failure(const PartLinks& links, const std::exception& error) {
  const std::string bytes = failed_bytes(error);
  if (links.part + 1 < links.parts) links.send(links.part + 1, bytes);
  if (links.part != 0) links.send(0, bytes);
}

}  // namespace levcl::detail
