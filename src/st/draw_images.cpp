// Image units in draws and dispatches (st_atom_image, GL 4.6 8.26): the storage image view of the
// texture level an image uniform element names, in GENERAL.
#include "glvk/formats/format.h"
#include "glvk/st/format_choice.h"
#include "glvk/st/texture.h"
#include "glvk/vk_backend/commands.h"
#include "glvk/vk_backend/image.h"
#include "program_descriptors.h"

namespace glvk::st {

namespace {

// The view type an image uniform of GL type `gl_type` reads.
VkImageViewType image_view_type(std::uint32_t gl_type) {
  switch (gl_type) {
    case GL_IMAGE_1D: case GL_INT_IMAGE_1D: case GL_UNSIGNED_INT_IMAGE_1D: return VK_IMAGE_VIEW_TYPE_1D;
    case GL_IMAGE_1D_ARRAY: case GL_INT_IMAGE_1D_ARRAY: case GL_UNSIGNED_INT_IMAGE_1D_ARRAY:
      return VK_IMAGE_VIEW_TYPE_1D_ARRAY;
    case GL_IMAGE_3D: case GL_INT_IMAGE_3D: case GL_UNSIGNED_INT_IMAGE_3D: return VK_IMAGE_VIEW_TYPE_3D;
    case GL_IMAGE_CUBE: case GL_INT_IMAGE_CUBE: case GL_UNSIGNED_INT_IMAGE_CUBE: return VK_IMAGE_VIEW_TYPE_CUBE;
    case GL_IMAGE_2D_ARRAY: case GL_INT_IMAGE_2D_ARRAY: case GL_UNSIGNED_INT_IMAGE_2D_ARRAY:
    case GL_IMAGE_2D_MULTISAMPLE_ARRAY: case GL_INT_IMAGE_2D_MULTISAMPLE_ARRAY:
    case GL_UNSIGNED_INT_IMAGE_2D_MULTISAMPLE_ARRAY:
      return VK_IMAGE_VIEW_TYPE_2D_ARRAY;
    case GL_IMAGE_CUBE_MAP_ARRAY: case GL_INT_IMAGE_CUBE_MAP_ARRAY: case GL_UNSIGNED_INT_IMAGE_CUBE_MAP_ARRAY:
      return VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
    default: return VK_IMAGE_VIEW_TYPE_2D;
  }
}

// The numeric type an image uniform reads (GL_INT_IMAGE_* signed, GL_UNSIGNED_INT_IMAGE_* unsigned
// integers, the others floats) and the one a format holds: Vulkan's view format must match the
// shader's (VUID-vkCmdDraw-format-07753), where GL leaves such an access undefined (8.26).
enum class NumericType { Float, Signed, Unsigned };
NumericType uniform_numeric_type(std::uint32_t gl_type) {
  if (gl_type >= GL_INT_IMAGE_1D && gl_type <= GL_INT_IMAGE_2D_MULTISAMPLE_ARRAY) return NumericType::Signed;
  if (gl_type >= GL_UNSIGNED_INT_IMAGE_1D && gl_type <= GL_UNSIGNED_INT_IMAGE_2D_MULTISAMPLE_ARRAY)
    return NumericType::Unsigned;
  return NumericType::Float;
}
NumericType format_numeric_type(const formats::FormatDesc& desc) {
  if (!desc.is_pure_integer) return NumericType::Float;
  return desc.channel[0].type == formats::ChannelType::SIGNED ? NumericType::Signed : NumericType::Unsigned;
}

bool layered_view(VkImageViewType type) {
  return type == VK_IMAGE_VIEW_TYPE_1D_ARRAY || type == VK_IMAGE_VIEW_TYPE_2D_ARRAY || type == VK_IMAGE_VIEW_TYPE_CUBE ||
         type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY || type == VK_IMAGE_VIEW_TYPE_3D;
}

}  // namespace

VkDescriptorImageInfo storage_image_descriptor(DrawResources& res, vk_backend::CommandStream& stream,
                                               const ImageInput* in, std::uint32_t gl_type) {
  if (!in || !in->texture) throw DrawError("an image uniform reads an image unit without a texture level bound");
  Texture& texture = *in->texture;
  const TextureLayout& layout = texture.layout();
  const VkImageViewType type = image_view_type(gl_type);
  const formats::Format format = exact_format(in->format);
  const formats::FormatDesc& storage = formats::describe(layout.format);
  const VkFormat view_format = static_cast<VkFormat>(formats::describe(format).vk_format);
  if (uniform_numeric_type(gl_type) != format_numeric_type(formats::describe(format)))
    throw DrawError("an image unit's format holds another numeric type (float, signed or unsigned integer) than its "
                    "image uniform reads");
  vk_backend::Image& image = texture.image();
  if (!(image.description().usage & VK_IMAGE_USAGE_STORAGE_BIT))
    throw DrawError(std::string("the device cannot store into textures of format ") + storage.name);
  if (view_format != static_cast<VkFormat>(storage.vk_format) && !(image.description().flags & VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT))
    throw DrawError("an image unit's format differs from its texture's storage, which glvk cannot reinterpret");
  // A layered binding of a texture with layers (arrays, cubes, 3D) is every layer of the level; an
  // unlayered one, the one layer (a 3D texture's slice cannot be one on the device). Textures
  // without layers ignore both (8.26).
  const bool three_d = layout.target == formats::TextureTarget::TEXTURE_3D;
  const bool has_layers = three_d || layout.layers > 1 || layout.target == formats::TextureTarget::TEXTURE_1D_ARRAY ||
                          layout.target == formats::TextureTarget::TEXTURE_2D_ARRAY;
  const bool whole = !has_layers || in->layered;
  if (three_d && !whole) throw DrawError("a single slice of a 3D texture cannot be an image on this device");
  if (!has_layers && layered_view(type) && type != VK_IMAGE_VIEW_TYPE_1D_ARRAY && type != VK_IMAGE_VIEW_TYPE_2D_ARRAY)
    throw DrawError("an image uniform's type does not match its unit's texture");
  const std::uint32_t first_layer = whole ? 0 : in->layer;
  const std::uint32_t layers = three_d || !whole ? 1 : layout.layers;
  if (first_layer >= layout.layers && !three_d) throw DrawError("an image unit names a layer its texture lacks");
  // The uniform's type decides how the layers are seen; a cube needs all six faces.
  if ((type == VK_IMAGE_VIEW_TYPE_CUBE && layers != 6) || (type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY && layers % 6) ||
      (type == VK_IMAGE_VIEW_TYPE_3D && !three_d) || (three_d && type != VK_IMAGE_VIEW_TYPE_3D) ||
      (!layered_view(type) && layers != 1))
    throw DrawError("an image uniform's type does not match its unit's layered binding");
  ViewKey key{};
  key.image = &image;
  key.type = type;
  key.format = view_format;
  key.components = {};
  key.range = {VK_IMAGE_ASPECT_COLOR_BIT, texture.image_level(in->level), 1, texture.image_layer(first_layer), layers};
  stream.prepare_storage(image, key.range);
  const VkImageView view = res.view(texture.shared_image(), key);
  return {VK_NULL_HANDLE, view, VK_IMAGE_LAYOUT_GENERAL};
}

}  // namespace glvk::st
