import { publicProductPage } from "../../public-product-page";

const page = publicProductPage("brand");

export const generateMetadata = page.generateMetadata;
export default page.Page;
