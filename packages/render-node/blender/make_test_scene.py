"""Makes the tiny test scenes with Blender itself, so no binary fixture lives in the repository.

Run: blender -b --factory-startup -Y --python make_test_scene.py -- <folder> [<marker path>]
     [--save-trusting-preferences]

Writes into <folder>:
  scene.blend            a cube, a camera and a light; 64x48, Cycles on the CPU, 4 samples,
                         denoising off, frames 1-6, PNG output
  autorun.blend          the same with a text block registered to run on load: when Python
                         auto-execution is allowed it writes <marker path> (default
                         <folder>/autorun-marker.txt); a node must never let it run
  missing_texture.blend  the cube's material reads an image file that does not exist
  denoise.blend          the same as scene.blend with Cycles denoising on (Debian's Blender has no
                         OpenImageDenoise, so a render of it fails)
With --save-trusting-preferences it also saves user preferences that allow Python auto-run into
the BLENDER_USER_CONFIG folder it was started with: a machine set up like that runs scene scripts
unless the command line forbids them.
"""

import os
import sys

import bpy


def arguments():
    after = sys.argv[sys.argv.index("--") + 1 :] if "--" in sys.argv else []
    trusting = "--save-trusting-preferences" in after
    after = [arg for arg in after if arg != "--save-trusting-preferences"]
    if not after:
        raise SystemExit("usage: ... --python make_test_scene.py -- <folder> [<marker path>]")
    folder = os.path.abspath(after[0])
    marker = os.path.abspath(after[1]) if len(after) > 1 else os.path.join(folder, "autorun-marker.txt")
    return folder, marker, trusting


def base_scene():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.name = "Scene"

    mesh = bpy.data.meshes.new("Cube")
    mesh.from_pydata(
        [(-1, -1, -1), (1, -1, -1), (1, 1, -1), (-1, 1, -1), (-1, -1, 1), (1, -1, 1), (1, 1, 1), (-1, 1, 1)],
        [],
        [(0, 1, 2, 3), (4, 7, 6, 5), (0, 4, 5, 1), (1, 5, 6, 2), (2, 6, 7, 3), (3, 7, 4, 0)],
    )
    cube = bpy.data.objects.new("Cube", mesh)
    scene.collection.objects.link(cube)
    # A turn per frame, so the frames differ.
    cube.rotation_euler = (0, 0, 0)
    cube.keyframe_insert("rotation_euler", frame=1)
    cube.rotation_euler = (0, 0, 1.2)
    cube.keyframe_insert("rotation_euler", frame=6)

    camera = bpy.data.objects.new("Camera", bpy.data.cameras.new("Camera"))
    camera.location = (6.0, -6.0, 4.5)
    camera.rotation_euler = (1.1, 0.0, 0.785)
    scene.collection.objects.link(camera)
    scene.camera = camera

    light_data = bpy.data.lights.new("Light", type="POINT")
    light_data.energy = 1000
    light = bpy.data.objects.new("Light", light_data)
    light.location = (4.0, -2.0, 6.0)
    scene.collection.objects.link(light)

    scene.render.engine = "CYCLES"
    scene.cycles.device = "CPU"
    scene.cycles.samples = 4
    scene.cycles.use_adaptive_sampling = False
    scene.cycles.use_denoising = False
    scene.cycles.use_preview_denoising = False
    scene.render.resolution_x = 64
    scene.render.resolution_y = 48
    scene.render.resolution_percentage = 100
    scene.frame_start = 1
    scene.frame_end = 6
    scene.frame_step = 1
    scene.render.image_settings.file_format = "PNG"
    scene.render.filepath = "//render/frame_####"
    return scene, cube


def save(folder, name):
    bpy.ops.wm.save_as_mainfile(filepath=os.path.join(folder, name), compress=False, relative_remap=True)


def main():
    folder, marker, trusting = arguments()
    os.makedirs(folder, exist_ok=True)

    base_scene()
    save(folder, "scene.blend")

    base_scene()
    text = bpy.data.texts.new("autorun.py")
    text.write(
        "# Runs on load only when Python auto-execution is allowed.\n"
        f"open({marker!r}, 'w').write('scene python ran')\n"
    )
    # "Register": Blender runs a registered text block when the file loads, if auto-run is allowed.
    text.use_module = True
    save(folder, "autorun.blend")

    _, cube = base_scene()
    material = bpy.data.materials.new("Textured")
    material.use_nodes = True
    nodes = material.node_tree.nodes
    image_node = nodes.new("ShaderNodeTexImage")
    image = bpy.data.images.new("missing.png", 8, 8)
    image.source = "FILE"
    image.filepath = "//textures/missing.png"
    image_node.image = image
    material.node_tree.links.new(image_node.outputs["Color"], nodes["Principled BSDF"].inputs["Base Color"])
    cube.data.materials.append(material)
    save(folder, "missing_texture.blend")

    scene, _ = base_scene()
    scene.cycles.use_denoising = True
    save(folder, "denoise.blend")

    if trusting:
        bpy.context.preferences.filepaths.use_scripts_auto_execute = True
        bpy.ops.wm.save_userpref()


main()
